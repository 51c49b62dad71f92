import {
  FONT_FAMILY_VALUE,
  isAllowedHref,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_TAGS,
  RICH_TEXT_URL_SCHEMES,
} from '@crm/shared';
import DOMPurify from 'dompurify';

const ALLOWED_ATTR = [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())];
/**
 * DOMPurify checks every attribute value against this (a colspan's "2" too): DOMPurify's own pattern with only
 * the allowed schemes. Links without one are removed by the hook below, as the server removes them.
 */
const URI_PATTERN = new RegExp(
  `^(?:(?:${RICH_TEXT_URL_SCHEMES.join('|')}):|[^a-z]|[a-z+.\\-]+(?:[^a-z+.\\-:]|$))`,
  'i',
);

DOMPurify.addHook('uponSanitizeAttribute', (node, data) => {
  const allowed = RICH_TEXT_ATTRIBUTES[node.nodeName.toLowerCase()] ?? [];
  if (!allowed.includes(data.attrName)) {
    data.keepAttr = false;
    return;
  }
  if (data.attrName === 'style') {
    // Only a font-family the editor offers survives, as the server keeps it.
    const fontFamily = (node as HTMLElement).style.fontFamily;
    if (fontFamily !== '' && FONT_FAMILY_VALUE.test(fontFamily)) data.attrValue = `font-family: ${fontFamily}`;
    else data.keepAttr = false;
  }
});

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName !== 'A') return;
  const href = node.getAttribute('href');
  if (href === null || !isAllowedHref(href)) {
    node.removeAttribute('href');
    node.removeAttribute('target');
    node.removeAttribute('rel');
    return;
  }
  node.setAttribute('target', '_blank');
  node.setAttribute('rel', 'noopener noreferrer nofollow');
});

/**
 * Rich text as the browser may show it: the server's allow-list again (packages/shared mailbox/rich-text), by
 * DOMPurify, whatever the server sent (DESIGN §8: sanitised when stored and again when rendered).
 */
export function sanitizeRichText(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...RICH_TEXT_TAGS],
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: URI_PATTERN,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}
