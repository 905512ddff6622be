import { useCallback, useState } from 'react';

/**
 * The rows of a list that a one-click write is running for, when one mutation serves the whole list. The
 * mutation's own `variables` name only its latest call, and the callbacks given to `mutate` run only for the
 * latest call: started on a second row before the first answered, the first row's button stopped showing its
 * progress and its outcome was never said. Tracking each call's promise keeps both.
 */
export function usePendingRows() {
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  const track = useCallback(<T>(id: string, write: Promise<T>): Promise<T> => {
    setPending((rows) => new Set(rows).add(id));
    const done = () =>
      setPending((rows) => {
        const next = new Set(rows);
        next.delete(id);
        return next;
      });
    write.then(done, done);
    return write;
  }, []);
  return { isPending: (id: string) => pending.has(id), track };
}
