export * from './callout-box.tsx';
