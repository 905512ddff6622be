export * from '@ag.ds-next/react/notification-badge';
