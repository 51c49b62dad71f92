import { defineConfig } from 'vitest/config';

// One run: the shared rules, the web app (the files that mock a module apart), the server (both engines).
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/web', 'apps/web/vitest.mocking.config.ts', 'apps/server'],
    // Vitest kept one worker on the 2-core machine; two keep both cores busy (docs/testing.md).
    maxWorkers: 2,
  },
});
