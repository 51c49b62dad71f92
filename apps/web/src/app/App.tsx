import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { queryClient } from '@/app/query-client';
import type { AppRouter } from '@/app/router';

export type AppProps = { router: AppRouter };

/** antd's providers are not here: the pages that use antd bring them (app/AntdProviders.tsx, decision 0040). */
export function App({ router }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
