import type { DayCellMountArg, MoreLinkMountArg } from '@fullcalendar/core';

/*
 * FullCalendar's month grid breaks two ARIA rules (axe: aria-allowed-attr, label-content-name-mismatch);
 * these hooks mend its markup as it mounts, without forking it (issue 29). FullCalendar re-renders with
 * Preact, which only writes an attribute again when its value changes: what is mended here stays mended.
 */

/**
 * '+3 more' is an <a> without href, which has no role, so its aria-expanded is not allowed; it opens a
 * popover, so it is a button. An empty aria-controls points nowhere: it goes until the popover exists.
 */
export function mendMoreLink({ el }: MoreLinkMountArg): void {
  el.setAttribute('role', 'button');
  if (el.getAttribute('aria-controls') === '') el.removeAttribute('aria-controls');
}

/**
 * A month cell is named by its day number's link ('26 octobre 2026') while its content is the day's events,
 * so its name doesn't contain what it shows. The cell needs no name of its own: its column header and the
 * day number say which day it is.
 */
export function mendDayCell({ el }: DayCellMountArg): void {
  el.removeAttribute('aria-labelledby');
}
