export * from '@ag.ds-next/react/skip-link';
