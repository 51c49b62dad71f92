import { afterAll, beforeAll } from 'vitest';

/**
 * The editor (ProseMirror) measures the caret to scroll it into view after each change, and asks which
 * element is under a click; jsdom has no layout for either. Every test of the file gets empty boxes and no
 * element under the pointer, restored after.
 */
export function emptyRangeLayoutForTheEditor(): void {
  const range = Range.prototype as Partial<Pick<Range, 'getClientRects' | 'getBoundingClientRect'>>;
  const page = document as Partial<Pick<Document, 'elementFromPoint'>>;
  const had = { rects: range.getClientRects, box: range.getBoundingClientRect, at: page.elementFromPoint };
  beforeAll(() => {
    range.getClientRects = () => [] as unknown as DOMRectList;
    range.getBoundingClientRect = () => new DOMRect();
    page.elementFromPoint = () => null;
  });
  afterAll(() => {
    range.getClientRects = had.rects;
    range.getBoundingClientRect = had.box;
    page.elementFromPoint = had.at;
  });
}
