import { useNavigate } from 'react-router';
import { pages } from '@pca/contracts/pages.ts';
import { outcomeReader } from '#lib/history-outcome.tsx';
import { credentialDocumentMessages as messages } from '@pca/contracts/credential-documents-paths.ts';

/** What a page tells the list when it returns to it: the change made and the document's name. */
export interface DocumentOutcome {
  outcome: 'added' | 'saved' | 'removed';
  name: string;
}

/** The outcome carried in the history entry's state, if it is one. */
export const outcomeOf: (state: unknown) => DocumentOutcome | null = outcomeReader(
  ['added', 'saved', 'removed'],
  'name',
);

/** The success alert's text. */
export const outcomeText = ({ outcome, name }: DocumentOutcome) =>
  outcome === 'added'
    ? messages.added(name)
    : outcome === 'saved'
      ? messages.saved(name)
      : messages.removed(name);

/** How a document is named to people: its title, else its file name. */
export const nameOf = (d: { title: string; fileName: string }) => d.title || d.fileName;

/** Returns to the documents list; given an outcome, the list says what was done to which document. */
export function useReturnToList() {
  const navigate = useNavigate();
  return (outcome?: DocumentOutcome) =>
    void navigate(pages.profile.credentialDocuments.href(), outcome && { state: outcome });
}
