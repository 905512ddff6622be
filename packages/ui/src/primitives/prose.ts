export * from '@ag.ds-next/react/prose';
