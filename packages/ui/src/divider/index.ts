export * from './divider.tsx';
