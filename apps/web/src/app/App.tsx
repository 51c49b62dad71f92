import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
// The ES modules: antd/locale/* re-export the CommonJS build, which drags a second copy of antd's locale code.
import enUS from 'antd/es/locale/en_US';
import frFR from 'antd/es/locale/fr_FR';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { queryClient } from '@/app/query-client';
import type { AppRouter } from '@/app/router';
import { theme } from '@/app/theme';
import { currentLanguage } from '@/lib/i18n';

export type AppProps = { router: AppRouter };

const ANTD_LOCALES = { fr: frFR, en: enUS };

export function App({ router }: AppProps) {
  // Re-renders on language change, so antd's own texts (pagination, pickers…) follow the chosen language.
  useTranslation();
  return (
    <ConfigProvider locale={ANTD_LOCALES[currentLanguage()]} theme={theme}>
      <AntApp className="app-root">
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
