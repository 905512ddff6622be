import { shellPages } from '@pca/contracts/shell-pages.ts';
import { TextLink } from '@pca/ui/primitives/text-link.ts';
import { Text } from '@pca/ui/primitives/text.ts';

/**
 * The documents a person accepts by ticking a box (issue 30: linked wherever they are ticked). Each opens
 * as the shell's dialog of that name (`?showDialog=`, app/shell/footer-dialogs.tsx) in a new tab, so the
 * form being filled in stays as it is; the new tab needs no session.
 */
export const documentTitles = {
  termsOfUse: 'Terms of use',
  privacy: 'Privacy notice',
  participationAgreement: 'Participation agreement',
} as const;

/** A document a tick accepts. */
export type AcceptedDocument = keyof typeof documentTitles;

/** Where a document opens. */
export const documentHref = (document: AcceptedDocument) =>
  shellPages.home.href({ showDialog: document });

/** "Read the terms of use (opens in a new tab)" and the like, beside the tick that accepts it. */
export function DocumentLink({ document }: { document: AcceptedDocument }) {
  return (
    <Text as="p" fontSize="sm">
      <TextLink href={documentHref(document)} target="_blank" rel="noopener noreferrer">
        {`Read the ${documentTitles[document].toLowerCase()} (opens in a new tab)`}
      </TextLink>
    </Text>
  );
}
