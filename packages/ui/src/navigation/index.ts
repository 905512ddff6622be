export * from './side-navigation.tsx';
export * from './main-navigation.tsx';
export * from './nav-menu.tsx';
