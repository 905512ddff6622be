export * from '@ag.ds-next/react/section-alert';
