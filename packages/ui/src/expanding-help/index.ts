export * from './expanding-help.tsx';
