import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { capturedLogger } from '#server/test/captured-logger.ts';
import { steppingClock } from '#server/test/stepping-clock.ts';
import { PollingJob, type PollingJobOptions } from './polling-job.ts';

const POLL_MS = 5_000;
const CLAIM_MS = 2 * 60_000;

/** Passes the test ends one by one, counting how many ran at once. */
class Passes {
  started = 0;
  mostAtOnce = 0;
  private running = 0;
  private readonly endings: { resolve: () => void; reject: (error: Error) => void }[] = [];

  readonly pass = (): Promise<void> => {
    this.started += 1;
    this.running += 1;
    this.mostAtOnce = Math.max(this.mostAtOnce, this.running);
    return new Promise<void>((resolve, reject) => this.endings.push({ resolve, reject })).finally(() => {
      this.running -= 1;
    });
  };

  get inProgress(): boolean {
    return this.endings.length > 0;
  }

  /** Ends the pass in progress, with `error` if given, and lets the job react before going on. */
  async end(error?: Error): Promise<void> {
    const ending = this.endings.shift();
    if (!ending) throw new Error('no pass in progress');
    if (error) ending.reject(error);
    else ending.resolve();
    await nextTurn();
  }
}

class TestJob extends PollingJob {
  constructor(
    private readonly passes: Passes,
    options: PollingJobOptions,
  ) {
    super(options);
  }

  protected pass(): Promise<void> {
    return this.passes.pass();
  }
}

describe('a polling job', () => {
  const clock = steppingClock('2026-11-20T09:00:00.000Z');
  let passes: Passes;
  let log: ReturnType<typeof capturedLogger>;
  let job: PollingJob;

  beforeEach(() => {
    // The poll's timer is driven by hand: the test never waits for time to pass.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    passes = new Passes();
    log = capturedLogger();
    job = new TestJob(passes, {
      name: 'test job',
      pollMs: POLL_MS,
      claimMs: CLAIM_MS,
      clock,
      logger: log.logger,
    });
  });
  afterEach(async () => {
    const stopped = job.stop();
    while (passes.inProgress) await passes.end();
    await stopped;
    vi.useRealTimers();
  });

  it('runs a pass at start, then one more for all the wakes that came during it, never two at once', async () => {
    job.start();
    expect(passes.started).toBe(1);
    job.wake();
    job.wake();
    job.wake();
    expect(passes.started).toBe(1);
    await passes.end();
    expect(passes.started).toBe(2);
    await passes.end();
    // Idle now: no third pass was queued, and a wake runs one at once.
    expect(passes.started).toBe(2);
    job.wake();
    expect(passes.started).toBe(3);
    await passes.end();
    expect(passes.mostAtOnce).toBe(1);
  });

  it('polls every pollMs while started, skips a poll that falls during a pass, and stops polling', async () => {
    job.start();
    job.start();
    expect(passes.started).toBe(1);
    vi.advanceTimersByTime(POLL_MS);
    // The poll came during the first pass: it runs right after, not beside it.
    expect(passes.started).toBe(1);
    await passes.end();
    expect(passes.started).toBe(2);
    await passes.end();
    vi.advanceTimersByTime(POLL_MS - 1);
    expect(passes.started).toBe(2);
    vi.advanceTimersByTime(1);
    expect(passes.started).toBe(3);
    await passes.end();
    await job.stop();
    vi.advanceTimersByTime(10 * POLL_MS);
    expect(passes.started).toBe(3);
    expect(passes.mostAtOnce).toBe(1);
  });

  it('stops after the pass in progress, without the wakes that came during it', async () => {
    job.start();
    job.wake();
    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    await nextTurn();
    expect(stopped).toBe(false);
    await passes.end();
    await stopping;
    expect(stopped).toBe(true);
    expect(passes.started).toBe(1);
  });

  it('logs a failed pass under its name and runs the next one', async () => {
    job.start();
    await passes.end(new Error('database gone'));
    expect(log.lines).toEqual([
      expect.objectContaining({
        level: 50,
        msg: 'test job pass failed; the next poll tries again',
        err: expect.objectContaining({ message: 'database gone' }) as unknown,
      }),
    ]);
    job.wake();
    expect(passes.started).toBe(2);
    await passes.end();
  });

  it('renews a claim as its worker until claimMs from the clock, and says when another worker holds it', async () => {
    const asked: [string, string][] = [];
    const start = clock.now().getTime();
    const held = await job.renew(
      (worker, until) => {
        asked.push([worker, until]);
        return Promise.resolve(true);
      },
      { campaignId: 'c-1' },
    );
    expect(held).toBe(true);
    clock.advance(CLAIM_MS);
    const lost = await job.renew(
      (worker, until) => {
        asked.push([worker, until]);
        return Promise.resolve(false);
      },
      { campaignId: 'c-1' },
    );
    expect(lost).toBe(false);
    expect(asked).toEqual([
      [job.worker, new Date(start + CLAIM_MS).toISOString()],
      [job.worker, new Date(start + 2 * CLAIM_MS).toISOString()],
    ]);
    expect(log.lines).toEqual([
      expect.objectContaining({
        level: 40,
        campaignId: 'c-1',
        msg: 'test job: claim taken over by another process; leaving the work to it',
      }),
    ]);
  });
});
