export * from '@ag.ds-next/react/flex';
