import type { ThemeConfig } from 'antd';

/*
 * Colours that carry text reach WCAG 2.1 AA contrast (4.5:1) on white, on the layout's background and on
 * their own light tints (issue 29, docs/accessibility.md). antd's defaults don't: its secondary text, its
 * placeholders, its status and tag colours sit between 1.8:1 and 3.7:1.
 */
export const BRAND_COLOR = '#1b63da';
export const SUCCESS_COLOR = '#237804';
export const WARNING_COLOR = '#9a5c00';
export const ERROR_COLOR = '#cf1322';

/** The class antd declares its CSS variables on; styles.css darkens the preset tags' text there. */
export const THEME_CLASS = 'crm-theme';

export const theme: ThemeConfig = {
  cssVar: { key: THEME_CLASS },
  token: {
    colorPrimary: BRAND_COLOR,
    colorInfo: BRAND_COLOR,
    colorSuccess: SUCCESS_COLOR,
    colorWarning: WARNING_COLOR,
    colorError: ERROR_COLOR,
    // A dark seed gives grey tints: the light backgrounds and borders stay antd's.
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    borderRadius: 8,
    colorBgLayout: '#f3f6fb',
    fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', headerPadding: '0 24px' },
    Menu: { itemBorderRadius: 8, itemMarginInline: 8, activeBarBorderWidth: 0 },
    // An empty table's message is drawn in the disabled colour: it is text to read, not a disabled control.
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' },
  },
};
