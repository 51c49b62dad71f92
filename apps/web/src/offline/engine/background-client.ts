import { clearSession, getSession } from '@/app/session';
import type { FromBackground, ToBackground } from '@/offline/engine/background-protocol';

/** What the page needs of a worker: a Worker, or an in-page stand-in in tests. */
export type BackgroundPort = {
  postMessage: (message: ToBackground) => void;
  addEventListener: (type: 'message' | 'error', listener: (event: Event) => void) => void;
  terminate: () => void;
};

/** The worker stopped (its script failed to load, or it crashed): what it was doing will not answer. */
export type BackgroundLost = { job: 'host'; type: 'lost' };

/** What the jobs hear: the session's refusals are the connection's own business. */
export type BackgroundListener = (message: Exclude<FromBackground, { job: 'session' }> | BackgroundLost) => void;

export type BackgroundConnection = {
  post: (message: ToBackground) => void;
  subscribe: (listener: BackgroundListener) => () => void;
};

/**
 * The page's side of its background worker, shared by its jobs: the worker starts at the first message, and
 * one lost is replaced at the next (a deploy removed its script, say), its jobs told so they don't wait for it.
 */
export function createBackgroundConnection(open: () => BackgroundPort): BackgroundConnection {
  const listeners = new Set<BackgroundListener>();
  let port: BackgroundPort | null = null;
  const notify: BackgroundListener = (message) => {
    for (const listener of listeners) listener(message);
  };
  const lose = (lost: BackgroundPort) => {
    if (port !== lost) return;
    lost.terminate();
    port = null;
    notify({ job: 'host', type: 'lost' });
  };
  const connect = (): BackgroundPort | null => {
    let opened: BackgroundPort;
    try {
      opened = open();
    } catch {
      // No module workers here (or a policy forbids them): no background job runs; each is told so, later.
      setTimeout(() => {
        notify({ job: 'host', type: 'lost' });
      });
      return null;
    }
    opened.addEventListener('message', (event) => {
      const message = (event as MessageEvent<FromBackground>).data;
      if (message.job === 'session') {
        // A job's request was refused (401), whichever job: only the session that token belonged to ends, a
        // newer sign-in keeps its own.
        if (getSession().token === message.token) clearSession('expired');
        return;
      }
      notify(message);
    });
    opened.addEventListener('error', () => {
      lose(opened);
    });
    return opened;
  };
  return {
    post(message) {
      port ??= connect();
      port?.postMessage(message);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

let connection: BackgroundConnection | null = null;

/** The page's one background worker (a module worker: Vite bundles it as its own script). */
export function backgroundConnection(): BackgroundConnection {
  connection ??= createBackgroundConnection(
    () => new Worker(new URL('./background.worker.ts', import.meta.url), { type: 'module', name: 'crm-background' }),
  );
  return connection;
}
