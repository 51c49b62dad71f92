import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '@/app/session';
import { usePendingCount } from '@/offline/queue/pending-count';
import { countPendingItems } from '@/offline/store/db';
import { REP_USER } from '@/test/tokens';

vi.mock('@/offline/store/db', () => ({ countPendingItems: vi.fn(() => Promise.resolve(2)) }));

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

beforeEach(() => {
  vi.useFakeTimers();
  setSession('token', REP_USER);
});

afterEach(() => {
  clearSession();
  vi.useRealTimers();
  vi.mocked(countPendingItems).mockClear();
});

describe('usePendingCount', () => {
  it("counts the signed-in user's unsynced items again every 5 seconds", async () => {
    const { result } = renderHook(() => usePendingCount(), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current).toBe(2);
    expect(countPendingItems).toHaveBeenCalledTimes(1);
    expect(countPendingItems).toHaveBeenCalledWith(REP_USER.id);

    await act(() => vi.advanceTimersByTimeAsync(4_900));
    expect(countPendingItems).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(countPendingItems).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(countPendingItems).toHaveBeenCalledTimes(3);
  });
});
