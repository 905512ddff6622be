export * from '@ag.ds-next/react/skeleton';
