import type { ThemeConfig } from 'antd';

export const BRAND_COLOR = '#1f6feb';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_COLOR,
    colorInfo: BRAND_COLOR,
    borderRadius: 8,
    colorBgLayout: '#f3f6fb',
    fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', headerPadding: '0 24px' },
    Menu: { itemBorderRadius: 8, itemMarginInline: 8, activeBarBorderWidth: 0 },
  },
};
