import { useEffect, useMemo, useRef, useState } from 'react';
import { sanitizeRichText } from './sanitize-html';

export type SafeHtmlProps = {
  html: string;
  /** What a screen reader announces for the frame. */
  title: string;
  /** Smallest height before the content has been measured. */
  minHeight?: number;
  className?: string;
  'data-testid'?: string;
};

/**
 * The frame's own document: no script may run in it (sandbox without allow-scripts, and a policy allowing
 * none), nothing is fetched (default-src 'none': no image, font or style from outside), inline styles only.
 */
const FRAME_STYLE = `
  html, body { margin: 0; padding: 0; }
  body { display: flow-root; }
  body { font-family: Inter, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; font-size: 14px; line-height: 1.6;
    color: rgba(0, 0, 0, 0.88); overflow-wrap: anywhere; }
  p { margin: 0 0 0.6em; }
  h1, h2, h3, h4, h5, h6 { margin: 0.6em 0 0.4em; line-height: 1.3; }
  table { border-collapse: collapse; margin: 0.5em 0; }
  th, td { border: 1px solid #d9d9d9; padding: 4px 8px; vertical-align: top; }
  th { background: #fafafa; text-align: left; }
  th p, td p { margin: 0; }
  blockquote { margin: 0.5em 0; padding-left: 12px; border-left: 3px solid #d9d9d9; color: rgba(0, 0, 0, 0.65); }
  pre { background: #f5f5f5; padding: 8px; border-radius: 6px; overflow-x: auto; }
  a { color: #1668dc; }
`;

function frameDocument(body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'"><base target="_blank"><style>${FRAME_STYLE}</style></head><body>${body}</body></html>`;
}

/**
 * Shows stored rich text (a message, a template, a campaign) twice guarded: sanitised again here by DOMPurify,
 * then put in a sandboxed frame where no script can run whatever got through. The frame takes the height of
 * its content so the page scrolls as one.
 */
export function SafeHtml({ html, title, minHeight = 40, className, ...rest }: SafeHtmlProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(minHeight);
  const document = useMemo(() => frameDocument(sanitizeRichText(html)), [html]);

  useEffect(
    function followContentHeight() {
      const element = frame.current;
      if (element === null) return undefined;
      let observer: ResizeObserver | undefined;
      const measure = () => {
        const body = element.contentDocument?.body;
        if (!body) return;
        // flow-root keeps the last paragraph's margin inside the body, so its box is the content's height.
        const fit = () => {
          setHeight(Math.max(minHeight, Math.ceil(body.getBoundingClientRect().height) + 2));
        };
        fit();
        observer?.disconnect();
        observer = new ResizeObserver(fit);
        observer.observe(body);
      };
      element.addEventListener('load', measure);
      measure();
      return () => {
        element.removeEventListener('load', measure);
        observer?.disconnect();
      };
    },
    [document, minHeight],
  );

  return (
    <iframe
      ref={frame}
      title={title}
      className={className ?? 'safe-html'}
      // Same origin only so this page can measure the frame; no scripts, so that grants the content nothing.
      sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="no-referrer"
      srcDoc={document}
      style={{ width: '100%', height, border: 0, display: 'block' }}
      {...rest}
    />
  );
}
