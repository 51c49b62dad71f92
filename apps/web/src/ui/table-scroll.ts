/**
 * Tables fill their card and scroll sideways only below these widths (phones, narrow tablets), instead of
 * squeezing their columns or growing wider than the page.
 */
export const LIST_TABLE_SCROLL = { x: 880 } as const;
export const CARD_TABLE_SCROLL = { x: 640 } as const;
