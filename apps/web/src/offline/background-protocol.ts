import type { PullReport } from '@/offline/slice';

/*
 * The messages between a page and its background worker (decision 0039). The worker has no localStorage and no
 * session: each request carries who it is for and the token to send. Every message names its job, so that a
 * second job (the queue's drain) adds its own messages without touching the slice's.
 */

/** Pull the owner's slice from the stored cursors; `pull` numbers the request, for its answer to name it. */
export type SlicePullRequest = {
  job: 'slice';
  type: 'pull';
  pull: number;
  owner: string;
  token: string;
  /** The rep's language, for the server's messages (Accept-Language). */
  language: string;
  /** Whether the owner may manage someone (false: nobody's approvals to pull). */
  mayManage: boolean;
};

/** The session ended or changed: the pull in flight stores nothing more. */
export type SliceStopRequest = { job: 'slice'; type: 'stop' };

export type ToBackground = SlicePullRequest | SliceStopRequest;

/**
 * The pull ended: its report (complete or stopped), or null when another tab's pull, ended while this one
 * waited for the lock, left the store complete.
 */
export type SlicePullEnded = { job: 'slice'; type: 'ended'; pull: number; report: PullReport | null };

/** The pull failed (network, server, storage): the next trigger tries again from the stored cursors. */
export type SlicePullFailed = { job: 'slice'; type: 'failed'; pull: number };

/** The server refused this token (a 401): the page ends the session, as its API client does (spec 000 §4). */
export type TokenRefused = { job: 'session'; type: 'unauthorized'; token: string };

export type FromBackground = SlicePullEnded | SlicePullFailed | TokenRefused;

export type BackgroundPost = (message: FromBackground) => void;

export type BackgroundJobName = ToBackground['job'];

/** A job of the worker: a plain function of a message, answering through `post` (tested without a Worker). */
export type BackgroundJob<Name extends BackgroundJobName> = (
  message: Extract<ToBackground, { job: Name }>,
  post: BackgroundPost,
) => void;
