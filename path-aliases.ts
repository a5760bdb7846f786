import path from 'node:path';

/** `@shared`, `@server`, `@web` and `@testing` (test code only) for imports across the roots; the same as tsconfig.json's paths. */
export const pathAliases = {
  '@shared': path.resolve(import.meta.dirname, 'src/shared'),
  '@server': path.resolve(import.meta.dirname, 'src/server'),
  '@web': path.resolve(import.meta.dirname, 'src/web'),
  '@testing': path.resolve(import.meta.dirname, 'src/testing'),
};
