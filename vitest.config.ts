import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify('0.0.0-test') },
  test: {
    maxWorkers: 2,
    projects: [
      {
        plugins: [react(), babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }), lingui()],
        test: {
          name: 'app',
          isolate: false,
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test-setup.ts'],
          // A keyboard walk through an Ark UI part takes a few seconds of jsdom on a busy 2-core machine.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'architecture',
          isolate: false,
          include: ['tests/architecture/**/*.test.ts'],
          environment: 'node',
          // Linting with the import resolver reads the whole tree once per worker.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          isolate: false,
          include: ['server/**/*.test.ts', 'tests/server-hooks/**/*.test.ts'],
          environment: 'node',
          // Each suite seeds a fresh database of every area (seconds on a busy 2-core machine).
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
