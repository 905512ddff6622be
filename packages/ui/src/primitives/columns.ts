export * from '@ag.ds-next/react/columns';
