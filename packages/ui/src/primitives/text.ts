export * from '@ag.ds-next/react/text';
