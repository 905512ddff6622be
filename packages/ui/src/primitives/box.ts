export * from '@ag.ds-next/react/box';
