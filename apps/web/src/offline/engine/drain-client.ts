import { getSession, subscribeSession } from '@/app/session';
import { currentLanguage, i18n } from '@/lib/i18n';
import type { BackgroundConnection } from '@/offline/engine/background-client';
import { STATUS_PLACEHOLDER } from '@/offline/engine/background-protocol';
import { getNetworkState, isEffectivelyOnline, subscribeNetwork } from '@/offline/engine/network-monitor';
import type { SyncEngine, SyncReport } from '@/offline/engine/sync-engine';
import { OfflineSyncError } from '@/offline/engine/sync-error';

const SIGNED_OUT: SyncReport = { sent: 0, failed: 0, refused: 0, stopped: 'signedOut', waiting: 0 };

type Waiting = {
  startedBy: 'app' | 'rep';
  resolve: (report: SyncReport | null) => void;
  reject: (error: unknown) => void;
  release: () => void;
};

const isOnline = () => isEffectivelyOnline(getNetworkState());

/**
 * The page's side of the queue's drain in the background worker (decision 0039), with the engine's contract:
 * the page posts a run with its owner's token, and its session and network state as they change, and gets the
 * run's report. A worker that cannot start or is lost leaves its runs to `fallback`, the engine on the page.
 * `hold` is called while a run is in the worker (the update prompt waits), and answers its release.
 */
export function createBackgroundDrain(
  background: BackgroundConnection,
  fallback: SyncEngine,
  hold: () => () => void,
): SyncEngine {
  const waiting = new Map<number, Waiting>();
  let runs = 0;
  let listening = false;

  const settle = (run: number, outcome: (entry: Waiting) => void) => {
    const entry = waiting.get(run);
    if (entry === undefined) return;
    waiting.delete(run);
    entry.release();
    outcome(entry);
  };

  const listen = () => {
    if (listening) return;
    listening = true;
    background.subscribe((message) => {
      if (message.job === 'host') {
        // The worker is gone: its runs go on the page, from what the queue holds (changes left 'sending' are
        // put back under the lock, as after a closed tab).
        for (const run of [...waiting.keys()]) {
          settle(run, ({ startedBy, resolve, reject }) => {
            (startedBy === 'rep' ? fallback.syncNow() : fallback.sync()).then(resolve, reject);
          });
        }
        return;
      }
      if (message.job !== 'drain') return;
      settle(message.run, ({ resolve, reject }) => {
        if (message.type === 'ended') resolve(message.report);
        else reject(new Error('The queue could not be read or written'));
      });
    });
    let posted = { owner: getSession().user?.id ?? null, online: isOnline() };
    const postState = () => {
      const state = { owner: getSession().user?.id ?? null, online: isOnline() };
      if (state.owner === posted.owner && state.online === posted.online) return;
      posted = state;
      background.post({ job: 'drain', type: 'state', ...state });
    };
    subscribeSession(postState);
    subscribeNetwork(postState);
  };

  const post = (owner: string, token: string, startedBy: Waiting['startedBy']) => {
    listen();
    runs += 1;
    const run = runs;
    return new Promise<SyncReport | null>((resolve, reject) => {
      waiting.set(run, { startedBy, resolve, reject, release: hold() });
      background.post({
        job: 'drain',
        type: 'run',
        run,
        owner,
        token,
        language: currentLanguage(),
        messages: {
          network: i18n.t('errors.network'),
          http: i18n.t('errors.http', { status: STATUS_PLACEHOLDER }),
        },
      });
    });
  };

  return {
    syncNow() {
      if (!isOnline()) return Promise.reject(new OfflineSyncError());
      const { user, token } = getSession();
      if (user === null || token === null) return Promise.resolve(SIGNED_OUT);
      return post(user.id, token, 'rep').then((report) => report ?? SIGNED_OUT);
    },
    sync() {
      const { user, token } = getSession();
      if (user === null || token === null || !isOnline()) return Promise.resolve(null);
      return post(user.id, token, 'app');
    },
    // Each run in the worker first puts back what a closed tab left 'sending', under the lock.
    recover: () => Promise.resolve(),
  };
}
