/** Sort direction of a column. */
export type SortDirection = 'ascending' | 'descending';

/** A comparable cell value. */
export type SortValue = string | number | boolean | null | undefined;

/** Compares two cell values: nulls last, numbers and booleans numerically, strings in en-AU collation. */
export function compareValues(a: SortValue, b: SortValue): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'string' && typeof b === 'string') {
    return a.localeCompare(b, 'en-AU', { numeric: true, sensitivity: 'base' });
  }
  return Number(a) - Number(b);
}

/** Returns a sorted copy of rows by a value getter (stable; nulls stay last in both directions). */
export function sortRows<T>(
  rows: readonly T[],
  getValue: (row: T) => SortValue,
  direction: SortDirection,
): T[] {
  return rows
    .map((row, index) => ({ row, index }))
    .sort((x, y) => {
      const a = getValue(x.row);
      const b = getValue(y.row);
      const nullish = (v: SortValue) => v === null || v === undefined;
      if (nullish(a) || nullish(b)) return compareValues(a, b) || x.index - y.index;
      const result = compareValues(a, b);
      return (direction === 'ascending' ? result : -result) || x.index - y.index;
    })
    .map(({ row }) => row);
}
