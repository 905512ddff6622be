export * from './radio.tsx';
