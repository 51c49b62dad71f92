import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@crm/shared';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SEARCH_DEBOUNCE_MS } from '@/lib/use-debounced-value';

const SEARCH_PARAM = 'search';
const PAGE_PARAM = 'page';
const LIMIT_PARAM = 'limit';

function pageOf(text: string | null): number {
  const page = Number(text);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function limitOf(text: string | null, defaultLimit: number): number {
  const limit = Number(text);
  return (PAGE_SIZES as readonly number[]).includes(limit) ? limit : defaultLimit;
}

/** The search (trimmed), page and page size an address asks for: what the list shows, and what a route loader fetches. */
export function listParamsFrom(params: URLSearchParams, defaultLimit: number = DEFAULT_PAGE_SIZE) {
  return {
    search: (params.get(SEARCH_PARAM) ?? '').trim(),
    page: pageOf(params.get(PAGE_PARAM)),
    limit: limitOf(params.get(LIMIT_PARAM), defaultLimit),
  };
}

/**
 * A list page's search text, page and page size, kept in the address (?search=&page=&limit=) so that Back
 * from a detail page returns to the same results. The text reaches the address once typing pauses
 * (300 ms); a new search or filter starts again at page 1.
 */
export function useListParams(defaultLimit: number = DEFAULT_PAGE_SIZE) {
  const [params, setParams] = useSearchParams();
  const committedText = params.get(SEARCH_PARAM) ?? '';
  const [searchText, setSearchText] = useState(committedText);
  const [seenText, setSeenText] = useState(committedText);
  // The text this box last sent to the address: when it arrives there, the user may have typed on since.
  const [sentText, setSentText] = useState<string | null>(null);
  if (committedText !== seenText) {
    setSeenText(committedText);
    setSentText(null);
    // The address changed from elsewhere (the menu, Back): the box shows what the address says.
    if (committedText !== sentText) setSearchText(committedText);
  }

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(function cancelPendingSearchOnUnmount() {
    return () => {
      clearTimeout(timer.current);
    };
  }, []);

  /** Sets or removes parameters; any change but the page's own goes back to page 1. */
  const updateParams = (changes: Record<string, string | null>) => {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(name);
          else next.set(name, value);
        }
        if (!(PAGE_PARAM in changes)) next.delete(PAGE_PARAM);
        return next;
      },
      { replace: true },
    );
  };

  const handleSearchTextChange = (text: string) => {
    setSearchText(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setSentText(text);
      updateParams({ [SEARCH_PARAM]: text });
    }, SEARCH_DEBOUNCE_MS);
  };

  const handlePageChange = (page: number, limit: number) => {
    updateParams({ [PAGE_PARAM]: page === 1 ? null : String(page), [LIMIT_PARAM]: String(limit) });
  };

  return {
    /** What the search box shows. */
    searchText,
    onSearchTextChange: handleSearchTextChange,
    /** The search the list shows (trimmed), its page and page size. */
    ...listParamsFrom(params, defaultLimit),
    onPageChange: handlePageChange,
    params,
    updateParams,
  };
}
