import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from '@/lib/use-debounced-value';
import { useListParams } from './use-list-params';

const wrapper = ({ children }: { children: ReactNode }) => (
  <MemoryRouter initialEntries={['/doctors']}>{children}</MemoryRouter>
);

describe('useListParams', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps what was typed while the debounced text reaches the address', () => {
    const { result } = renderHook(() => useListParams(), { wrapper });
    act(() => {
      result.current.onSearchTextChange('Ma');
    });
    const typeOn = result.current.onSearchTextChange;
    // On a slow phone the next key lands after the debounce sent 'Ma' but before the address says so.
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
      typeOn('Mar');
    });
    expect(result.current.search).toBe('Ma');
    expect(result.current.searchText).toBe('Mar');

    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    });
    expect(result.current.search).toBe('Mar');
    expect(result.current.searchText).toBe('Mar');
  });

  it('shows what the address says when it changes from elsewhere', () => {
    const { result } = renderHook(() => ({ list: useListParams(), navigate: useNavigate() }), { wrapper });
    act(() => {
      result.current.list.onSearchTextChange('Martin');
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    });
    expect(result.current.list.searchText).toBe('Martin');
    act(() => {
      void result.current.navigate('/doctors?search=Dupont');
    });
    expect(result.current.list.searchText).toBe('Dupont');
    act(() => {
      void result.current.navigate('/doctors');
    });
    expect(result.current.list.searchText).toBe('');
  });
});
