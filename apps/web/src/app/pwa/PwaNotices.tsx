import type { CSSProperties } from 'react';
import { InstallBanner } from '@/app/pwa/InstallBanner';
import { UpdatePrompt } from '@/app/pwa/UpdatePrompt';

// Over the page's bottom edge, clear of the phone's home indicator; above the page, below antd's dialogs.
const noticesStyle: CSSProperties = {
  position: 'fixed',
  left: 12,
  right: 12,
  bottom: 'calc(12px + env(safe-area-inset-bottom))',
  zIndex: 900,
  display: 'flex',
  flexDirection: 'column',
  gap: 8,
  maxWidth: 480,
  margin: '0 auto',
  pointerEvents: 'none',
};

const noticeStyle: CSSProperties = { pointerEvents: 'auto', boxShadow: '0 6px 16px rgba(0, 0, 0, 0.12)' };

/** The app's own notices at the bottom of the screen: the update prompt and the install banner. */
export function PwaNotices() {
  return (
    <div style={noticesStyle} data-testid="pwa-notices">
      <UpdatePrompt style={noticeStyle} />
      <InstallBanner style={noticeStyle} />
    </div>
  );
}
