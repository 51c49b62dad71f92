import { Alert, Button } from 'antd';
import { useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsUpdateHeld } from '@/app/pwa/update-hold';
import { useWaitingUpdate } from '@/app/pwa/update-offer';

export type UpdatePromptProps = { style?: CSSProperties };

/**
 * Set on <html> once the page has drawn what it does with a new version: 'offered' (the prompt shows),
 * 'held' (a new version waits, the prompt is held back), absent while the running version is the newest.
 * What a test waits on before saying that no prompt shows.
 */
export const UPDATE_STATE_ATTRIBUTE = 'data-update';

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
  const isOffered = applyUpdate !== null && (!isHeld || isApplying);
  useEffect(() => {
    const root = document.documentElement;
    if (applyUpdate === null) root.removeAttribute(UPDATE_STATE_ATTRIBUTE);
    else root.setAttribute(UPDATE_STATE_ATTRIBUTE, isOffered ? 'offered' : 'held');
  }, [applyUpdate, isOffered]);
  if (!isOffered) return null;
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
