export * from '@ag.ds-next/react/ag-branding';
