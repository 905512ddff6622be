export * from './data-table.tsx';
export * from './sort.ts';
