export * from '@ag.ds-next/react/search-input';
