import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { type Clock, isoFrom } from '#server/core/clock.ts';

export type PollingJobOptions = {
  /** Names the job in the log. */
  name: string;
  /** A pass starts at least this often while the job runs, besides every wake. */
  pollMs: number;
  /** How long a claim taken or renewed now holds before another process may take the work over. */
  claimMs: number;
  clock: Clock;
  logger: FastifyBaseLogger;
};

/**
 * Background work that every server process runs (docs/operations.md): a job extends this class with its
 * `pass`. The work is shared through claims in the database, written under this job's worker id: a process
 * claims a piece of work until a time, renews the claim before each step, and leaves the work once another
 * process holds it. In one process, passes never overlap: a wake during a pass runs one more pass after it.
 */
export abstract class PollingJob {
  /** Who holds this job's claims: unique to the process and to the job. */
  readonly worker = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(private readonly options: PollingJobOptions) {}

  /** One pass over the work due now. */
  protected abstract pass(): Promise<unknown>;

  /** Runs a pass now, then every `pollMs` for work nobody woke the job for (retries, a dead process's work). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.wake(), this.options.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Stops polling and waits for the pass in progress to end. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.again = false;
    await this.running;
  }

  /** Runs a pass now, or right after the one in progress. */
  wake(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await this.pass();
        } catch (error) {
          this.options.logger.error({ err: error }, `${this.options.name} pass failed; the next poll tries again`);
        }
      } while (this.shouldRunAgain());
    })().finally(() => {
      this.running = null;
    });
  }

  /** When a claim taken or renewed now runs out. */
  claimUntil(): string {
    return isoFrom(this.options.clock, this.options.claimMs);
  }

  /**
   * Extends a claim this worker holds, before the next step of its work. `extend` must write the new end only
   * where the claim is still this worker's (a compare-and-set on the worker id), so a renewal never takes work
   * another process claimed after ours ran out. Answers false when the claim was lost: the pass must leave it.
   */
  async renew(
    extend: (worker: string, until: string) => Promise<boolean>,
    work: Record<string, string>,
  ): Promise<boolean> {
    if (await extend(this.worker, this.claimUntil())) return true;
    this.options.logger.warn(work, `${this.options.name}: claim taken over by another process; leaving the work to it`);
    return false;
  }

  /** A wake came during the pass, and the job has not been stopped meanwhile. */
  private shouldRunAgain(): boolean {
    return this.again && this.timer !== null;
  }
}
