import { Alert, Button } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useWaitingUpdate } from '@/app/pwa/update-offer';

export type UpdatePromptProps = { style?: CSSProperties };

/**
 * 'A new version is available — Reload', without blocking the page: the rep reloads when they choose. What
 * they queued lives in IndexedDB, so the reload loses none of it.
 */
export function UpdatePrompt({ style }: UpdatePromptProps) {
  const { t } = useTranslation();
  const applyUpdate = useWaitingUpdate();
  if (applyUpdate === null) return null;
  return (
    <Alert
      data-testid="update-prompt"
      type="info"
      style={style}
      showIcon
      role="status"
      title={t('pwa.updateAvailable')}
      action={
        <Button type="primary" size="small" onClick={applyUpdate}>
          {t('pwa.reload')}
        </Button>
      }
    />
  );
}
