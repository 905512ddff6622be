export * from '@ag.ds-next/react/heading';
