export * from './avatar.tsx';
export * from './photo-placeholder.tsx';
