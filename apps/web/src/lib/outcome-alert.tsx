import { useRef, useState, type ReactNode } from 'react';
import { Alert } from '@pca/ui';
import { Text } from '@pca/ui/primitives/text.ts';

/** What came of an action taken on a list: shown above the list until dismissed. */
export type Outcome = { tone: 'success' | 'error'; title: string; detail?: string };

/**
 * The outcome of the last action on a list whose item the user acted on goes away (accepted, declined…):
 * `report` shows it and moves focus to it so it is announced, since the buttons the user pressed are gone;
 * `alert` is the element to place above the list.
 */
export function useOutcomeAlert(): { report: (next: Outcome) => void; alert: ReactNode } {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);

  const report = (next: Outcome) => {
    setOutcome(next);
    requestAnimationFrame(() =>
      outcomeRef.current?.querySelector<HTMLElement>('[tabindex="-1"]')?.focus(),
    );
  };

  const alert = outcome ? (
    <div ref={outcomeRef}>
      <Alert tone={outcome.tone} title={outcome.title} onClose={() => setOutcome(null)} focusable>
        {outcome.detail ? <Text as="p">{outcome.detail}</Text> : null}
      </Alert>
    </div>
  ) : null;

  return { report, alert };
}
