import { StyleProvider } from '@ant-design/cssinjs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach } from 'vitest';

const testQueryClients = new Set<QueryClient>();

/**
 * A query cache's work ends with its test: emptied, it cancels what is still fetching or waiting to retry (a
 * query's own retry option outlives the defaults below). The files of a worker share one window, so a retry
 * left running would reach the fetch stub of a test that runs later.
 */
afterEach(() => {
  for (const queryClient of testQueryClients) queryClient.clear();
  testQueryClients.clear();
});

/** A fresh query cache per test, without retries: a failed call fails at once. */
export function testQueryClient(): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  testQueryClients.add(queryClient);
  return queryClient;
}

/**
 * The app's providers as tests need them. antd's style sheets stay out of the document (collected as for
 * server rendering): jsdom matches every rule of every sheet against the element and its ancestors at each
 * getComputedStyle, which antd calls to measure (text area auto-size, scroll into view, popup alignment) and
 * which made the activity form's tests several times slower. No test reads a style that comes from antd's sheets.
 */
function TestProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StyleProvider mock="server">
      <ConfigProvider>
        <AntApp>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </AntApp>
      </ConfigProvider>
    </StyleProvider>
  );
}

/**
 * Renders routes inside the app's providers (fresh query cache, no retries) at the given path. Routes whose
 * loaders fill the query cache are given as a function of it.
 */
export function renderRoutes(
  routes: RouteObject[] | ((queryClient: QueryClient) => RouteObject[]),
  initialPath: string,
) {
  const queryClient = testQueryClient();
  const router = createMemoryRouter(typeof routes === 'function' ? routes(queryClient) : routes, {
    initialEntries: [initialPath],
  });
  // No pause between keystrokes, and no pointer-events check before each event (it reads the computed style
  // of every ancestor).
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { router, user, queryClient };
}

/** Runs a hook inside the app's providers (fresh query cache, no retries), for a hook's own tests. */
export function renderHookInApp<Result>(hook: () => Result) {
  const queryClient = testQueryClient();
  const rendered = renderHook(hook, {
    wrapper: ({ children }) => <TestProviders queryClient={queryClient}>{children}</TestProviders>,
  });
  return { ...rendered, queryClient };
}

/** For tests of whole pages, forms and dialogs, which take seconds in jsdom on a loaded machine. */
export const SLOW_TEST_TIMEOUT = 60_000;
