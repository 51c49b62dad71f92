import { ACTIVITY_FILTERS, DEFAULT_ACTIVITY_FILTER, type ActivityFilter } from '@crm/shared';

function toFilter(value: string | null): ActivityFilter {
  return ACTIVITY_FILTERS.find((filter) => filter === value) ?? DEFAULT_ACTIVITY_FILTER;
}

function toPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The filter and page /activities is asked for (?filter=done&page=2): what the page shows, and what its loader fetches. */
export function activityListParamsFrom(address: URLSearchParams): { filter: ActivityFilter; page: number } {
  return { filter: toFilter(address.get('filter')), page: toPage(address.get('page')) };
}
