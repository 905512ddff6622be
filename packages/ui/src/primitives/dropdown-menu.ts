export * from '@ag.ds-next/react/dropdown-menu';
