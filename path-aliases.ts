import path from 'node:path';

/** `@shared`, `@server` and `@web` for imports across the three roots; the same as tsconfig.json's paths. */
export const pathAliases = {
  '@shared': path.resolve(import.meta.dirname, 'src/shared'),
  '@server': path.resolve(import.meta.dirname, 'src/server'),
  '@web': path.resolve(import.meta.dirname, 'src/web'),
};
