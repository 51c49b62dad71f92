import { StyleProvider } from '@ant-design/cssinjs';
import { App as AntApp, ConfigProvider } from 'antd';
// The ES modules: antd/locale/* re-export the CommonJS build, which drags a second copy of antd's locale code.
import enUS from 'antd/es/locale/en_US';
import frFR from 'antd/es/locale/fr_FR';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createKeptStyleCache } from '@/app/kept-style-cache';
import { theme } from '@/app/theme';
// The rest of what the pages drawn with antd need, ready before any of them renders.
import '@/lib/dayjs';
import '@/lib/french-catalogue';
import { currentLanguage } from '@/lib/i18n';

const ANTD_LOCALES = { fr: frFR, en: enUS };

const styleCache = createKeptStyleCache();

export type AntdProvidersProps = { children: ReactNode; className?: string };

/**
 * antd's theme, locale and message/modal hosts, around the pages drawn with antd (the signed-in layout,
 * set-password, the single-sign-on return). Not in the entry: the sign-in page has no antd (decision 0040).
 */
export function AntdProviders({ children, className }: AntdProvidersProps) {
  // Re-renders on language change, so antd's own texts (pagination, pickers…) follow the chosen language.
  useTranslation();
  return (
    <StyleProvider cache={styleCache}>
      <ConfigProvider locale={ANTD_LOCALES[currentLanguage()]} theme={theme}>
        <AntApp className={className}>{children}</AntApp>
      </ConfigProvider>
    </StyleProvider>
  );
}
