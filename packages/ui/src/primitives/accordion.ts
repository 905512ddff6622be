export * from '@ag.ds-next/react/accordion';
