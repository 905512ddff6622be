import type { ReactNode } from 'react';
import { Flex } from '@ag.ds-next/react/flex';
import { Stack } from '@ag.ds-next/react/stack';
import { Heading } from '@ag.ds-next/react/heading';
import { Text } from '@ag.ds-next/react/text';
import {
  SummaryList,
  SummaryListItem,
  SummaryListItemDescription,
  SummaryListItemTerm,
} from '@ag.ds-next/react/summary-list';
import { Avatar } from '../avatar/avatar.tsx';

/** One labelled detail of a profile. */
export type ProfileDetail = { label: string; value: ReactNode };

/** Props of Profile. */
export type ProfileProps = {
  /** Given name (optional). */
  givenName?: string | null;
  /** Family name. */
  familyName: string;
  /** Photo URL or data URL; initials are shown without it. */
  photo?: string | null;
  /** A line under the name (e.g. role or organisation). */
  subtitle?: string;
  /** Labelled details (email, phone, HPI-I…). */
  details?: ProfileDetail[];
  /** Heading level of the name. */
  headingLevel?: 'h2' | 'h3';
  /** Actions such as "Edit profile". */
  actions?: ReactNode;
};

/** A person's avatar, name and details. */
export function Profile({
  givenName,
  familyName,
  photo,
  subtitle,
  details = [],
  headingLevel = 'h2',
  actions,
}: ProfileProps) {
  const name = [givenName, familyName].filter(Boolean).join(' ');
  return (
    <Stack gap={1.5}>
      <Flex gap={1} alignItems="center">
        <Avatar givenName={givenName} familyName={familyName} photo={photo} size="lg" decorative />
        <Stack gap={0.25}>
          <Heading as={headingLevel} type="h3">
            {name}
          </Heading>
          {subtitle ? <Text color="muted">{subtitle}</Text> : null}
        </Stack>
      </Flex>
      {details.length > 0 ? (
        <SummaryList>
          {details.map((detail) => (
            <SummaryListItem key={detail.label}>
              <SummaryListItemTerm>{detail.label}</SummaryListItemTerm>
              <SummaryListItemDescription>{detail.value}</SummaryListItemDescription>
            </SummaryListItem>
          ))}
        </SummaryList>
      ) : null}
      {actions}
    </Stack>
  );
}
