/**
 * The HTML the rich-text editor produces (TipTap: starter kit, table, text style with font family), and so
 * the only HTML a stored mail body, template or campaign message may hold. The server's sanitiser
 * (sanitize-html) and the browser's (DOMPurify) are both configured from these lists (DESIGN §8).
 */

/** The editor's font list (spec 001 §9), in the order its menu shows them. */
export const EDITOR_FONTS = [
  'Inter',
  'Arial',
  'Helvetica',
  'Times New Roman',
  'Courier New',
  'Georgia',
  'Verdana',
] as const;
export type EditorFont = (typeof EDITOR_FONTS)[number];

/** Heading levels 1 to 6 and a 3×3 table with a header row (spec 001 §9). */
export const EDITOR_HEADING_LEVELS = [1, 2, 3, 4, 5, 6] as const;
export const EDITOR_TABLE = { rows: 3, cols: 3, withHeaderRow: true } as const;
/** The editor reports its content this long after the last keystroke (spec 001 §9). */
export const EDITOR_CHANGE_DEBOUNCE_MS = 300;

export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'hr',
  'a',
  'span',
  'table',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
] as const;

/** Attributes by tag; `style` is further limited to a font-family of EDITOR_FONTS. */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'target', 'rel'],
  ol: ['start'],
  th: ['colspan', 'rowspan', 'colwidth'],
  td: ['colspan', 'rowspan', 'colwidth'],
  span: ['style'],
};

/** Links may only lead to web pages or open a mail client: never javascript:, data: or anything else. */
export const RICH_TEXT_URL_SCHEMES = ['http', 'https', 'mailto'] as const;

const fontPattern = EDITOR_FONTS.map((font) => font.replace(/ /g, '\\s')).join('|');
/** A font-family value naming one of the editor's fonts, quoted or not, with an optional generic fallback. */
export const FONT_FAMILY_VALUE = new RegExp(
  `^\\s*(["']?)(${fontPattern})\\1\\s*(,\\s*(serif|sans-serif|monospace))?\\s*$`,
  'i',
);

/** True when an href is a link the editor could have made (relative links are not: mail leaves the app). */
export function isAllowedHref(href: string): boolean {
  const scheme = /^\s*([a-z][a-z0-9+.-]*):/i.exec(href)?.[1];
  return scheme !== undefined && (RICH_TEXT_URL_SCHEMES as readonly string[]).includes(scheme.toLowerCase());
}
