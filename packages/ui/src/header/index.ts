export * from './header.tsx';
