import { defineConfig } from '@lingui/cli';

export default defineConfig({
  sourceLocale: 'it',
  locales: ['it', 'en'],
  fallbackLocales: { default: 'it' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['src'],
      exclude: ['**/node_modules/**', '**/*.test.*'],
    },
  ],
  format: 'po',
  compileNamespace: 'ts',
});
