export * from '@ag.ds-next/react/main-nav';
