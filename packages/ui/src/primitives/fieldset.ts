export * from '@ag.ds-next/react/fieldset';
