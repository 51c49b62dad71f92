import fs from 'node:fs';
import path from 'node:path';
import { defineProject, mergeConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import viteConfig from './vite.config.ts';

const sources = path.join(import.meta.dirname, 'src');
const TEST_FILE = /\.test\.tsx?$/;

/**
 * The test files that replace one of our modules (vi.mock, vi.doMock). They run apart, each with a module graph of
 * its own: in a shared one, a module mocked by one file would stay mocked for the files after it, and a module
 * imported for real before it would not be mocked.
 */
export const FILES_MOCKING_MODULES = fs
  .readdirSync(sources, { recursive: true, encoding: 'utf8' })
  .filter((file) => TEST_FILE.test(file))
  .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(fs.readFileSync(path.join(sources, file), 'utf8')))
  .map((file) => `src/${file.split(path.sep).join('/')}`);

/** The web app's tests in jsdom, with the app's Vite configuration (aliases, plugins). */
export function webProject(test: NonNullable<TestProjectInlineConfiguration['test']>) {
  return mergeConfig(
    viteConfig,
    defineProject({
      test: {
        environment: 'jsdom',
        setupFiles: ['./src/test/setup.ts'],
        // Libraries whose singletons our modules set up (i18next's instance, TanStack Query's online manager): run
        // through Vitest, so that test/setup.ts's vi.resetModules() gives each file fresh ones, as it does ours.
        server: { deps: { inline: ['i18next', 'react-i18next', '@tanstack/query-core', '@tanstack/react-query'] } },
        // antd component tests in jsdom take seconds each, more when all projects run in parallel.
        testTimeout: 20_000,
        ...test,
      },
    }),
  );
}

/*
 * The files share one module graph and one jsdom per worker (decision 0054): React, antd and jsdom load once
 * per worker instead of once per file. test/setup.ts starts each file with fresh modules of ours and a cleared
 * window. The files that mock a module run in vitest.mocking.config.ts, isolated as before.
 */
export default webProject({
  name: 'web',
  include: ['src/**/*.test.{ts,tsx}'],
  exclude: FILES_MOCKING_MODULES,
  isolate: false,
});
