export * from './breadcrumbs.tsx';
