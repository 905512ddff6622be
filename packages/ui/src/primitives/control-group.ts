export * from '@ag.ds-next/react/control-group';
