import type { SyncReport } from '@/offline/engine/sync-engine';
import type { PullReport } from '@/offline/slice/slice';

/*
 * The messages between a page and its background worker (decision 0039). The worker has no localStorage and no
 * session: each request carries who it is for and the token to send. Every message names its job: the slice's
 * pull, and the queue's drain.
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

/** Where the worker's messages for the rep have the status of an error answer. */
export const STATUS_PLACEHOLDER = '{status}';

/**
 * The messages a change's failure is kept with when the server gave none, in the rep's language: the worker
 * has no translations. `http` holds STATUS_PLACEHOLDER.
 */
export type DrainMessages = { network: string; http: string };

/**
 * Send the owner's queue, in batches, until nothing can go (decision 0038). The page posts one at every
 * trigger, a change it queued included: the drain in flight then reads the queue again before its next batch.
 */
export type DrainRunRequest = {
  job: 'drain';
  type: 'run';
  run: number;
  owner: string;
  token: string;
  language: string;
  messages: DrainMessages;
};

/**
 * The page's signed-in user and network state changed: a drain sends no batch for anyone but `owner`, and none
 * while offline (the demo administrator's simulation included, which the worker cannot see).
 */
export type DrainStateChange = { job: 'drain'; type: 'state'; owner: string | null; online: boolean };

export type ToBackground = SlicePullRequest | SliceStopRequest | DrainRunRequest | DrainStateChange;

/**
 * The pull ended: its report (complete or stopped), or null when another tab's pull, ended while this one
 * waited for the lock, left the store complete.
 */
export type SlicePullEnded = { job: 'slice'; type: 'ended'; pull: number; report: PullReport | null };

/** The pull failed (network, server, storage): the next trigger tries again from the stored cursors. */
export type SlicePullFailed = { job: 'slice'; type: 'failed'; pull: number };

/** The server refused this token (a 401): the page ends the session, as its API client does (spec 000 §4). */
export type TokenRefused = { job: 'session'; type: 'unauthorized'; token: string };

/** The drain ended: what it sent, refused or left waiting, and why it stopped. */
export type DrainEnded = { job: 'drain'; type: 'ended'; run: number; report: SyncReport };

/** The drain failed (storage): the queue is as the engine left it; the next trigger tries again. */
export type DrainFailed = { job: 'drain'; type: 'failed'; run: number };

export type FromBackground = SlicePullEnded | SlicePullFailed | DrainEnded | DrainFailed | TokenRefused;

export type BackgroundPost = (message: FromBackground) => void;

export type BackgroundJobName = ToBackground['job'];

/** A job of the worker: a plain function of a message, answering through `post` (tested without a Worker). */
export type BackgroundJob<Name extends BackgroundJobName> = (
  message: Extract<ToBackground, { job: Name }>,
  post: BackgroundPost,
) => void;
