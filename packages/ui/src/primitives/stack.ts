export * from '@ag.ds-next/react/stack';
