export * from './paginator.tsx';
