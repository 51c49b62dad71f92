import {
  FONT_FAMILY_VALUE,
  isAllowedHref,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_TAGS,
  RICH_TEXT_URL_SCHEMES,
} from '@crm/shared';
import { convert } from 'html-to-text';
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: [...RICH_TEXT_URL_SCHEMES],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowedStyles: { span: { 'font-family': [FONT_FAMILY_VALUE] } },
  // Whatever is not allowed goes with its content when it can carry code or hidden text, else only the tag.
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'title',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
  ],
  parseStyleAttributes: true,
  transformTags: {
    // Every link opens outside the app and tells the other site nothing.
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href;
      const linked: sanitizeHtml.Attributes =
        href !== undefined && isAllowedHref(href)
          ? { href, target: '_blank', rel: 'noopener noreferrer nofollow' }
          : {};
      return { tagName, attribs: linked };
    },
  },
};

/**
 * A body, template or campaign message as it may be stored: only what the editor produces (mailbox
 * rich-text allow-list of packages/shared), links only to http(s) and mailto. Applied on every write,
 * whatever the client did (DESIGN §8); the browser sanitises again when it shows it.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The plain text of rich-text HTML: the text part of an e-mail, a list's preview, what a search reads. */
export function richTextToPlainText(html: string): string {
  return convert(html, {
    wordwrap: 100,
    selectors: [
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
      { selector: 'h4', options: { uppercase: false } },
      { selector: 'h5', options: { uppercase: false } },
      { selector: 'h6', options: { uppercase: false } },
      { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
    ],
  }).trim();
}
