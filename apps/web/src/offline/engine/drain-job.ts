import { ApiErrorBody } from '@crm/shared';
import { API_BASE, HTTP_ERROR_CODE, NETWORK_ERROR_CODE } from '@/lib/api-base';
import { backgroundHeaders, BackgroundHttpError, type Credentials } from '@/offline/engine/background-api';
import {
  STATUS_PLACEHOLDER,
  type BackgroundJob,
  type BackgroundPost,
  type DrainMessages,
} from '@/offline/engine/background-protocol';
import { SessionChangedError } from '@/offline/engine/classify';
import { createSyncEngine, type SyncReport, type Transport } from '@/offline/engine/sync-engine';
import { changeResultsOf } from '@/offline/engine/sync-results';
import type { ExclusiveRunner } from '@/offline/engine/web-lock';
import { storeServerAnswers } from '@/offline/store/synced-copies';

export type DrainJobOptions = { runExclusive?: ExclusiveRunner; now?: () => number };

/** Whom the worker sends for: the newest run's owner and token, until the page says the session changed. */
type Sender = Credentials & { owner: string; messages: DrainMessages };

/** The error the page's client would have thrown for this answer, with the rep's messages the page gave. */
function errorOf(messages: DrainMessages) {
  return (status: number, body: unknown): BackgroundHttpError => {
    const parsed = ApiErrorBody.safeParse(body);
    return parsed.success
      ? new BackgroundHttpError(status, parsed.data.code, parsed.data.message)
      : new BackgroundHttpError(status, HTTP_ERROR_CODE, messages.http.replace(STATUS_PLACEHOLDER, String(status)));
  };
}

/**
 * The batches from the worker: POST /api/sync/changes with the token of `owner`'s session, checked in the same
 * turn as the call, so a queue is sent with its owner's token or not at all. A 401 is told to the page.
 */
function backgroundTransport(
  senderFor: (owner: string) => Sender | null,
  onUnauthorized: (token: string) => void,
): Transport {
  return async (requests, owner) => {
    const sender = senderFor(owner);
    if (sender === null) throw new SessionChangedError();
    const toError = errorOf(sender.messages);
    let response: Response;
    try {
      response = await fetch(`${API_BASE}/sync/changes`, {
        method: 'POST',
        headers: { ...backgroundHeaders(sender), 'Content-Type': 'application/json' },
        body: JSON.stringify({ changes: requests }),
      });
    } catch {
      throw new BackgroundHttpError(0, NETWORK_ERROR_CODE, sender.messages.network);
    }
    const body: unknown = await response.json().catch(() => null);
    const refused = () => {
      onUnauthorized(sender.token);
    };
    if (!response.ok) {
      if (response.status === 401) refused();
      throw toError(response.status, body);
    }
    return changeResultsOf(body, toError, refused);
  };
}

const SIGNED_OUT: SyncReport = { sent: 0, failed: 0, refused: 0, stopped: 'signedOut', waiting: 0 };

/**
 * The queue's drain in the background worker (decisions 0038, 0039): the engine of the page, reading the
 * queue, writing its records and the server's answers to IndexedDB and sending the batches here. The page
 * keeps the triggers; it posts a run with the owner and token, and the state of its session and network, which
 * the engine checks before every batch.
 */
export function createDrainJob({ runExclusive, now }: DrainJobOptions = {}): BackgroundJob<'drain'> {
  let sender: Sender | null = null;
  let online = false;
  let runs = 0;
  let post: BackgroundPost = () => undefined;

  const engine = createSyncEngine({
    transport: backgroundTransport(
      (owner) => (sender?.owner === owner ? sender : null),
      (token) => {
        post({ job: 'session', type: 'unauthorized', token });
      },
    ),
    isOnline: () => online,
    currentUser: () => sender?.owner ?? null,
    // Every run the page posts may follow a change it queued or retried: the run in flight reads the queue again.
    queueEdits: () => runs,
    onSynced: storeServerAnswers,
    runExclusive,
    now,
  });

  return (message, reply) => {
    post = reply;
    if (message.type === 'state') {
      if (message.owner !== sender?.owner) sender = null;
      online = message.online;
      return;
    }
    const { run, owner, token, language, messages } = message;
    sender = { owner, token, language, messages };
    online = true;
    runs += 1;
    engine.sync().then(
      (report) => {
        reply({ job: 'drain', type: 'ended', run, report: report ?? SIGNED_OUT });
      },
      () => {
        reply({ job: 'drain', type: 'failed', run });
      },
    );
  };
}
