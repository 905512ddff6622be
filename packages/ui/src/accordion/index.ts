export * from './accordion.tsx';
