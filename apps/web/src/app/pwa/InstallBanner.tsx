import { Alert, Button } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useInstallBanner } from '@/app/pwa/install-banner';

export type InstallBannerProps = { style?: CSSProperties };

/** The bottom install banner (spec 001 §2): Install, or the iOS instructions; dismissal is remembered. */
export function InstallBanner({ style }: InstallBannerProps) {
  const { t } = useTranslation();
  const { variant, install, dismiss } = useInstallBanner();
  if (variant === null) return null;
  return (
    <Alert
      data-testid="install-banner"
      type="info"
      style={style}
      role="region"
      aria-label={t('pwa.installTitle')}
      title={t('pwa.installTitle')}
      description={variant === 'install' ? t('pwa.installDescription') : t('pwa.iosInstructions')}
      closable={{ onClose: dismiss, 'aria-label': t('pwa.dismissInstall') }}
      action={
        variant === 'install' ? (
          <Button type="primary" size="small" onClick={() => void install()}>
            {t('pwa.install')}
          </Button>
        ) : undefined
      }
    />
  );
}
