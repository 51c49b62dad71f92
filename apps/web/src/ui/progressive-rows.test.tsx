import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useProgressiveRows } from '@/ui/progressive-rows';

type PageProps = { page: readonly number[] | undefined };
const pageProps = (page: readonly number[] | undefined): PageProps => ({ page });
const rows = (count: number, from = 0) => Array.from({ length: count }, (_, index) => from + index);

describe('useProgressiveRows', () => {
  it('gives the first rows at once, then every row; a new page starts again from its first rows', async () => {
    const seen: number[] = [];
    const { result, rerender } = renderHook(
      ({ page }) => {
        const shown = useProgressiveRows(page, 3);
        seen.push(shown?.length ?? -1);
        return shown;
      },
      { initialProps: pageProps(rows(8)) },
    );
    await act(() => Promise.resolve());
    expect(seen[0]).toBe(3);
    expect(result.current).toEqual(rows(8));

    seen.length = 0;
    const next = rows(5, 100);
    rerender({ page: next });
    await act(() => Promise.resolve());
    expect(seen[0]).toBe(3);
    expect(result.current).toBe(next);
  });

  it('gives a short page, or none, as it is', () => {
    const short = rows(2);
    const { result, rerender } = renderHook(({ page }) => useProgressiveRows(page, 3), {
      initialProps: pageProps(short),
    });
    expect(result.current).toBe(short);
    rerender({ page: undefined });
    expect(result.current).toBeUndefined();
  });
});
