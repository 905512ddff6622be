export * from './alert.tsx';
