import type { BackgroundJob, BackgroundPost, ToBackground } from '@/offline/background-protocol';

/** The worker's jobs by name; a second one (the queue's drain) adds its entry and its messages. */
export type BackgroundJobs = { slice: BackgroundJob<'slice'> };

/** Hands each message of the page to its job. */
export function createBackgroundHandler(jobs: BackgroundJobs): (message: ToBackground, post: BackgroundPost) => void {
  return (message, post) => {
    jobs[message.job](message, post);
  };
}
