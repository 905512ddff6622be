export * from './side-navigation.tsx';
