import { useEffect, useRef, type CSSProperties } from 'react';
import { InstallBanner } from '@/app/pwa/InstallBanner';
import { UpdatePrompt } from '@/app/pwa/UpdatePrompt';

/** The room the notices take at the bottom of the screen, which the page's content leaves free (styles.css). */
export const NOTICES_SPACE_PROPERTY = '--pwa-notices-space';
/** The notices' distance from the bottom edge, as noticesStyle places them. */
const NOTICES_OFFSET_PX = 12;

// Over the page's bottom edge, clear of the phone's home indicator; above the page, below antd's dialogs.
const noticesStyle: CSSProperties = {
  position: 'fixed',
  left: 12,
  right: 12,
  bottom: `calc(${NOTICES_OFFSET_PX}px + env(safe-area-inset-bottom))`,
  zIndex: 900,
  display: 'flex',
  flexDirection: 'column',
  gap: 8,
  maxWidth: 480,
  margin: '0 auto',
  pointerEvents: 'none',
};

const noticeStyle: CSSProperties = { pointerEvents: 'auto', boxShadow: '0 6px 16px rgba(0, 0, 0, 0.12)' };

/**
 * Tells the page how much room the notices take, so that its last controls (a form's save button) can be
 * scrolled clear of them rather than stay under the banner.
 */
function useReservedSpace() {
  const notices = useRef<HTMLDivElement>(null);
  useEffect(function reserveRoomForNotices() {
    const element = notices.current;
    // Browsers without ResizeObserver (and tests) reserve nothing: the notices can still be dismissed.
    if (element === null || typeof ResizeObserver === 'undefined') return undefined;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      const height = element.getBoundingClientRect().height;
      root.style.setProperty(NOTICES_SPACE_PROPERTY, `${height > 0 ? height + NOTICES_OFFSET_PX : 0}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(NOTICES_SPACE_PROPERTY);
    };
  }, []);
  return notices;
}

/** The app's own notices at the bottom of the screen: the update prompt and the install banner. */
export function PwaNotices() {
  const notices = useReservedSpace();
  return (
    <div ref={notices} style={noticesStyle} data-testid="pwa-notices">
      <UpdatePrompt style={noticeStyle} />
      <InstallBanner style={noticeStyle} />
    </div>
  );
}
