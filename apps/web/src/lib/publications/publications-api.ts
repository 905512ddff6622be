import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PartnerPublicationChange,
  PartnerPublicationList,
  PublicationEmailRecipientList,
  PublicationLevel,
} from '@pca/contracts';
import {
  publicationEmailRecipientsPath,
  publicationPartnerPath,
  publicationPartnersPath,
} from '@pca/contracts/publications-paths.ts';
import { http } from '#lib/http.ts';
import { httpQuery } from '#lib/http-query.ts';

// Shared by the organisation, location and healthcare service pages (features do not import each other) and
// the publication mail page (docs/decisions/030-publishing-to-partners.md).

const key = (level: PublicationLevel, id: string) => ['publications', level, id] as const;

/** The partners offered to an entity at a level, with its own and inherited choices. */
export function usePartnerPublications(level: PublicationLevel, id: string) {
  return useQuery(
    httpQuery<PartnerPublicationList>(key(level, id), publicationPartnersPath(level, id)),
  );
}

/** A partner's choice changed (or removed: `change` null); the answer is the list as it now is. */
export function useChangePartnerPublication(level: PublicationLevel, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      partnerServiceId,
      change,
    }: {
      partnerServiceId: string;
      change: PartnerPublicationChange | null;
    }) =>
      http<PartnerPublicationList>(publicationPartnerPath(level, id, partnerServiceId), {
        method: change ? 'PUT' : 'DELETE',
        ...(change ? { body: change } : {}),
      }),
    onSuccess: (list) => {
      queryClient.setQueryData(key(level, id), list);
      // The entity pages' other tabs and the levels beneath may show what changed.
      return queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] === 'publications' && q.queryKey[2] !== id,
      });
    },
  });
}

const recipientsKey = (organisationId: string) =>
  ['publications', 'email-recipients', organisationId] as const;

/** Who is mailed when the organisation's publication changes. */
export function usePublicationEmailRecipients(organisationId: string) {
  return useQuery({
    ...httpQuery<PublicationEmailRecipientList>(
      recipientsKey(organisationId),
      publicationEmailRecipientsPath(organisationId),
    ),
    enabled: organisationId !== '',
    retry: false,
  });
}

export function useAddPublicationEmailRecipient(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      http<PublicationEmailRecipientList>(publicationEmailRecipientsPath(organisationId), {
        method: 'POST',
        body: { email },
      }),
    onSuccess: (list) => queryClient.setQueryData(recipientsKey(organisationId), list),
  });
}

export function useRemovePublicationEmailRecipient(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (recipientId: string) =>
      http<null>(publicationEmailRecipientsPath(organisationId, recipientId), {
        method: 'DELETE',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recipientsKey(organisationId) }),
  });
}
