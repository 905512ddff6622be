export * from '@ag.ds-next/react/radio';
