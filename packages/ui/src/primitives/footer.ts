export * from '@ag.ds-next/react/footer';
