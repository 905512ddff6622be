export * from './tone.ts';
