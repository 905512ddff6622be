export * from './typography.tsx';
