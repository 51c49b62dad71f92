import { defineConfig } from 'vitest/config';

// One run, three projects: the shared rules, the web app, the server (both engines).
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/web', 'apps/server'],
  },
});
