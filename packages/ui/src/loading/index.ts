export * from './loading.tsx';
