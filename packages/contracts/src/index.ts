export * from './roles.ts';
export * from './user.ts';
export * from './config.ts';
export * from './auth.ts';
export * from './problem.ts';
export * from './paths.ts';
export * from './constants.ts';
export * from './capabilities.ts';
