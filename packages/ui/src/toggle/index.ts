export * from './toggle.tsx';
