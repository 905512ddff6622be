import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert } from '@pca/ui/alert/alert.tsx';
import { Text } from '@pca/ui/primitives/text.ts';
import { useFocusWhenShown } from './focus.ts';

/**
 * A reader of the outcome an Add or Edit page leaves in the history entry's state when it returns to its list:
 * `{ outcome, [nameKey]: string }`, with outcome one of `outcomes`; anything else is no outcome.
 */
export function outcomeReader<O extends string, K extends string>(
  outcomes: readonly O[],
  nameKey: K,
): (state: unknown) => ({ outcome: O } & Record<K, string>) | null {
  return (state) => {
    if (typeof state !== 'object' || state === null) return null;
    const record = state as Record<string, unknown>;
    const outcome = record.outcome;
    const name = record[nameKey];
    if (outcomes.includes(outcome as O) && typeof name === 'string')
      return { outcome, [nameKey]: name } as { outcome: O } & Record<K, string>;
    return null;
  };
}

/**
 * The success alert of a list page: the outcome carried in the history entry (read by `read`), or one set by
 * the page itself. It takes focus when shown so it is announced; closing it clears the history entry's state
 * too, so a reload does not show it again. So does an outcome the page sets: it replaces the one the entry
 * carried, and a reload should not bring the older one back.
 */
export function useHistoryOutcome<T>(
  read: (state: unknown) => T | null,
  text: (outcome: T) => string,
): { alert: ReactNode; setOutcome: (outcome: T | null) => void } {
  const navigate = useNavigate();
  const location = useLocation();
  const [outcome, setShown] = useState<T | null>(() => read(location.state));
  const alertRef = useFocusWhenShown(outcome);
  const setOutcome = (next: T | null) => {
    setShown(next);
    // The query stays: it may say which tab the alert is on.
    if (location.state != null)
      void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  };
  const close = () => setOutcome(null);
  const alert = outcome ? (
    <div ref={alertRef}>
      <Alert tone="success" title="Success" onClose={close} focusable>
        <Text as="p">{text(outcome)}</Text>
      </Alert>
    </div>
  ) : null;
  return { alert, setOutcome };
}
