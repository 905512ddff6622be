export * from './footer.tsx';
