export * from '@ag.ds-next/react/icon';
