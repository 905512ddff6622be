export * from '@ag.ds-next/react/page-alert';
