import { Alert, Button } from 'antd';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsUpdateHeld } from '@/app/pwa/update-hold';
import { useWaitingUpdate } from '@/app/pwa/update-offer';

export type UpdatePromptProps = { style?: CSSProperties };

/**
 * 'A new version is available — Reload', without blocking the page: the rep reloads when they choose. What
 * they queued lives in IndexedDB, so the reload loses none of it. Not offered while the queue is sending or a
 * form holds unsaved input (update-hold.ts); once tapped, the switch waits for any tab's sync to end.
 */
export function UpdatePrompt({ style }: UpdatePromptProps) {
  const { t } = useTranslation();
  const applyUpdate = useWaitingUpdate();
  const isHeld = useIsUpdateHeld();
  const [isApplying, setApplying] = useState(false);
  if (applyUpdate === null || (isHeld && !isApplying)) return null;
  return (
    <Alert
      data-testid="update-prompt"
      type="info"
      style={style}
      showIcon
      role="status"
      title={t('pwa.updateAvailable')}
      action={
        <Button
          type="primary"
          size="small"
          loading={isApplying}
          onClick={() => {
            setApplying(true);
            applyUpdate();
          }}
        >
          {t('pwa.reload')}
        </Button>
      }
    />
  );
}
