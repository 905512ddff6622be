export * from './logo.tsx';
