import type { BackgroundJob, BackgroundPost, ToBackground } from '@/offline/engine/background-protocol';

/** The worker's jobs by name. */
export type BackgroundJobs = { slice: BackgroundJob<'slice'>; drain: BackgroundJob<'drain'> };

/** Hands each message of the page to its job. */
export function createBackgroundHandler(jobs: BackgroundJobs): (message: ToBackground, post: BackgroundPost) => void {
  return (message, post) => {
    switch (message.job) {
      case 'slice':
        jobs.slice(message, post);
        break;
      case 'drain':
        jobs.drain(message, post);
        break;
    }
  };
}
