export * from './time-picker.tsx';
export * from './time-validation.ts';
