export * from './modal.tsx';
