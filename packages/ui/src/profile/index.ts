export * from './profile.tsx';
