export * from '@ag.ds-next/react/table';
