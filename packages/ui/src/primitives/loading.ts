export * from '@ag.ds-next/react/loading';
