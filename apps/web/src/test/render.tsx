import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntApp, ConfigProvider } from 'antd';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

/** Renders routes inside the app's providers (fresh query cache, no retries) at the given path. */
export function renderRoutes(routes: RouteObject[], initialPath: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  // No pause between keystrokes, and no pointer-events check before each event: that check reads the
  // computed style of every ancestor, which jsdom computes from every antd style sheet on the page (slow).
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  render(
    <ConfigProvider>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>,
  );
  return { router, user, queryClient };
}

/**
 * For tests of whole pages, forms and dialogs: jsdom recomputes styles from every antd style sheet at each
 * measure and accessibility check, which adds up to many seconds on a loaded machine.
 */
export const SLOW_TEST_TIMEOUT = 60_000;
