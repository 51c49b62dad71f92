import { StyleProvider } from '@ant-design/cssinjs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntApp, ConfigProvider } from 'antd';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

/**
 * Renders routes inside the app's providers (fresh query cache, no retries) at the given path. Routes whose
 * loaders fill the query cache are given as a function of it.
 */
export function renderRoutes(
  routes: RouteObject[] | ((queryClient: QueryClient) => RouteObject[]),
  initialPath: string,
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(typeof routes === 'function' ? routes(queryClient) : routes, {
    initialEntries: [initialPath],
  });
  // No pause between keystrokes, and no pointer-events check before each event (it reads the computed style
  // of every ancestor).
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  // antd's style sheets stay out of the document (collected as for server rendering): jsdom matches every
  // rule of every sheet against the element and its ancestors at each getComputedStyle, which antd calls to
  // measure (text area auto-size, scroll into view, popup alignment) and which cost the activity form's
  // tests 146 s instead of 25. No test reads a style that comes from antd's sheets.
  render(
    <StyleProvider mock="server">
      <ConfigProvider>
        <AntApp>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </AntApp>
      </ConfigProvider>
    </StyleProvider>,
  );
  return { router, user, queryClient };
}

/** For tests of whole pages, forms and dialogs, which take seconds in jsdom on a loaded machine. */
export const SLOW_TEST_TIMEOUT = 60_000;
