export * from './stepper.tsx';
