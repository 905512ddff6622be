export * from './setup-helper-tile.tsx';
