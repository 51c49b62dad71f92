import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  IDLE_FALLBACK_DELAY_MS,
  IDLE_TIMEOUT_MS,
  QUERIES_SETTLE_TIMEOUT_MS,
  whenIdle,
  whenQueriesSettleThenIdle,
} from '@/lib/when-idle';
import { removeIdleCallbacks, stubIdleCallbacks } from '@/test/idle';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  removeIdleCallbacks();
});

/** A query that stays in flight until the returned function answers it. */
function fetchingQuery(queryClient: QueryClient) {
  let answer: (value: string) => void = () => undefined;
  void queryClient.query({
    queryKey: ['slow'],
    queryFn: () =>
      new Promise<string>((resolve) => {
        answer = resolve;
      }),
  });
  return (value: string) => {
    answer(value);
  };
}

describe('whenIdle', () => {
  it('waits for an idle moment, with a timeout, where the browser has requestIdleCallback', () => {
    const { request, becomeIdle } = stubIdleCallbacks();
    const task = vi.fn();
    whenIdle(task);
    expect(request).toHaveBeenCalledWith(task, { timeout: IDLE_TIMEOUT_MS });
    expect(task).not.toHaveBeenCalled();
    becomeIdle();
    expect(task).toHaveBeenCalledOnce();
  });

  it('falls back to a timer without it (Safari)', () => {
    const task = vi.fn();
    whenIdle(task);
    vi.advanceTimersByTime(IDLE_FALLBACK_DELAY_MS - 1);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledOnce();
  });

  it('can be cancelled', () => {
    const { becomeIdle } = stubIdleCallbacks();
    const task = vi.fn();
    whenIdle(task)();
    becomeIdle();
    const timedTask = vi.fn();
    removeIdleCallbacks();
    whenIdle(timedTask)();
    vi.advanceTimersByTime(IDLE_FALLBACK_DELAY_MS);
    expect(task).not.toHaveBeenCalled();
    expect(timedTask).not.toHaveBeenCalled();
  });
});

describe('whenQueriesSettleThenIdle', () => {
  it('waits for the running queries to end, then for an idle moment', async () => {
    const { becomeIdle, pending } = stubIdleCallbacks();
    const queryClient = new QueryClient();
    const answer = fetchingQuery(queryClient);
    const task = vi.fn();
    whenQueriesSettleThenIdle(queryClient, task);
    becomeIdle();
    expect(pending.size).toBe(0);
    expect(task).not.toHaveBeenCalled();

    answer('done');
    await vi.waitFor(() => {
      expect(pending.size).toBe(1);
    });
    expect(task).not.toHaveBeenCalled();
    becomeIdle();
    expect(task).toHaveBeenCalledOnce();
  });

  it('asks for an idle moment at once when nothing is fetching', () => {
    const { becomeIdle } = stubIdleCallbacks();
    const task = vi.fn();
    whenQueriesSettleThenIdle(new QueryClient(), task);
    becomeIdle();
    expect(task).toHaveBeenCalledOnce();
  });

  it('stops waiting for a query that never answers', () => {
    const { becomeIdle } = stubIdleCallbacks();
    const queryClient = new QueryClient();
    fetchingQuery(queryClient);
    const task = vi.fn();
    whenQueriesSettleThenIdle(queryClient, task);
    vi.advanceTimersByTime(QUERIES_SETTLE_TIMEOUT_MS);
    becomeIdle();
    expect(task).toHaveBeenCalledOnce();
  });

  it('runs nothing once cancelled', () => {
    const { becomeIdle } = stubIdleCallbacks();
    const queryClient = new QueryClient();
    const task = vi.fn();
    whenQueriesSettleThenIdle(queryClient, task)();
    becomeIdle();
    vi.advanceTimersByTime(QUERIES_SETTLE_TIMEOUT_MS);
    expect(task).not.toHaveBeenCalled();
  });
});
