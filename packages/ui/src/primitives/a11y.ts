export * from '@ag.ds-next/react/a11y';
