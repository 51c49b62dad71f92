import { useQuery } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_FALLBACK_DELAY_MS } from '@/lib/when-idle';
import { usePreloadDoctorPage } from '@/modules/doctors/hooks/useOpenDoctor';
import { renderHookInApp } from '@/test/render';

const { loadDoctorDetailPage } = vi.hoisted(() => ({ loadDoctorDetailPage: vi.fn(() => Promise.resolve({})) }));
// The page's chunk is what is preloaded: the test counts the calls instead of importing the page.
vi.mock('@/app/route-data', () => ({ loadDoctorDetailPage }));

beforeEach(() => {
  vi.useFakeTimers();
  loadDoctorDetailPage.mockClear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('usePreloadDoctorPage', () => {
  it("fetches the doctor's page's code once the list's queries are done and the browser is idle", async () => {
    let answer: (value: string) => void = () => undefined;
    const listAnswer = new Promise<string>((resolve) => (answer = resolve));
    renderHookInApp(() => {
      useQuery({ queryKey: ['the list'], queryFn: () => listAnswer });
      usePreloadDoctorPage();
    });

    await act(() => vi.advanceTimersByTimeAsync(IDLE_FALLBACK_DELAY_MS * 2));
    expect(loadDoctorDetailPage).not.toHaveBeenCalled();

    await act(async () => {
      answer('rows');
      await vi.advanceTimersByTimeAsync(IDLE_FALLBACK_DELAY_MS);
    });
    expect(loadDoctorDetailPage).toHaveBeenCalledTimes(1);
  });

  it('fetches nothing when the list is left before', async () => {
    const { unmount } = renderHookInApp(() => {
      usePreloadDoctorPage();
    });
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(IDLE_FALLBACK_DELAY_MS * 2));
    expect(loadDoctorDetailPage).not.toHaveBeenCalled();
  });
});
