export * from './chip.tsx';
