export * from '@ag.ds-next/react/summary-list';
