import { type RefObject, useEffect } from 'react';

/*
 * FullCalendar's month grid breaks two ARIA rules (axe: aria-allowed-attr, label-content-name-mismatch);
 * its markup is mended here, without forking it (issue 29). One pass over the calendar after each change of
 * its DOM, rather than FullCalendar's per-cell mount hooks, which slowed the month's first render
 * (docs/benchmarks.md, issue 29).
 */

/**
 * '+3 more' is an <a> without href, which has no role, so its aria-expanded is not allowed; it opens a
 * popover, so it is a button. An empty aria-controls points nowhere: it goes until the popover exists.
 *
 * A month cell is named by its day number's link ('26 octobre 2026') while its content is the day's events,
 * so its name doesn't contain what it shows. The cell needs no name of its own: its column header and the
 * day number say which day it is.
 */
export function mendCalendarAria(root: ParentNode): void {
  for (const link of root.querySelectorAll('.fc-more-link')) {
    if (link.getAttribute('role') !== 'button') link.setAttribute('role', 'button');
    if (link.getAttribute('aria-controls') === '') link.removeAttribute('aria-controls');
  }
  for (const cell of root.querySelectorAll('td.fc-daygrid-day[aria-labelledby]'))
    cell.removeAttribute('aria-labelledby');
}

/** Keeps the calendar under `frame` mended as FullCalendar renders and re-renders it. */
export function useMendedCalendarAria(frame: RefObject<HTMLElement | null>): void {
  useEffect(
    function mendAsItRenders() {
      const root = frame.current;
      if (root === null) return;
      mendCalendarAria(root);
      // Mending changes attributes the observer watches: the next pass finds nothing left and stops there.
      const observer = new MutationObserver(() => {
        mendCalendarAria(root);
      });
      observer.observe(root, {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: ['aria-labelledby', 'aria-controls', 'role'],
      });
      return () => {
        observer.disconnect();
      };
    },
    [frame],
  );
}
