export * from './data-table.tsx';
export * from './sort.ts';
export * from './table-or-cards.tsx';
