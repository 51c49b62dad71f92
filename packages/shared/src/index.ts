export * from './common/constants.ts';
export * from './common/fields.ts';
export * from './errors/error-codes.ts';
export * from './auth/auth.schemas.ts';
export * from './auth/demo.ts';
