import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectivityIndicator } from '@/app/layout/ConnectivityIndicator';
import { i18n } from '@/lib/i18n';
import type { NetworkStatus } from '@/offline/engine/network-monitor';
import type { SyncReport } from '@/offline/engine/sync-engine';
import { OfflineSyncError } from '@/offline/engine/sync-error';

const ONLINE: NetworkStatus = {
  isOnline: true,
  isSimulatedOffline: false,
  isEffectivelyOnline: true,
  lastChecked: new Date('2026-11-20T10:00:00Z'),
};

const report = (patch: Partial<SyncReport>): SyncReport => ({
  sent: 0,
  failed: 0,
  refused: 0,
  stopped: null,
  waiting: 0,
  ...patch,
});

function renderIndicator(onSyncNow: () => Promise<SyncReport>, network: NetworkStatus = ONLINE) {
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  const view = render(
    <MemoryRouter>
      <AntApp>
        <QueryClientProvider client={new QueryClient()}>
          <ConnectivityIndicator network={network} pendingCount={3} onSyncNow={onSyncNow} />
        </QueryClientProvider>
      </AntApp>
    </MemoryRouter>,
  );
  return { user, ...view };
}

async function pressSyncNow(onSyncNow: () => Promise<SyncReport>) {
  const { user } = renderIndicator(onSyncNow);
  await user.click(screen.getByTestId('connectivity-indicator'));
  await user.click(await screen.findByRole('button', { name: /Sync now|Synchroniser maintenant/ }));
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe("the connectivity popover's 'Sync now'", () => {
  it('runs a sync and says when everything went through', async () => {
    const onSyncNow = vi.fn(() => Promise.resolve(report({ sent: 3 })));
    await pressSyncNow(onSyncNow);
    expect(onSyncNow).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('All changes are synchronised')).toBeInTheDocument();
  });

  it('says how many changes still wait', async () => {
    await pressSyncNow(() => Promise.resolve(report({ sent: 1, refused: 1, waiting: 2 })));
    expect(await screen.findByText('Synchronisation finished: 2 changes are still waiting')).toBeInTheDocument();
  });

  it('asks to sign in again when the server ended the session', async () => {
    await pressSyncNow(() => Promise.resolve(report({ stopped: 'unauthorized', waiting: 3 })));
    expect(await screen.findByText('Sign in again to send the waiting changes')).toBeInTheDocument();
  });

  it('says when the server did not answer', async () => {
    await pressSyncNow(() => Promise.resolve(report({ failed: 1, stopped: 'unreachable', waiting: 3 })));
    expect(
      await screen.findByText('The server is not answering: the changes will go as soon as the connection is back'),
    ).toBeInTheDocument();
  });

  it("translates the engine's refusal to sync offline", async () => {
    await i18n.changeLanguage('fr');
    await pressSyncNow(() => Promise.reject(new OfflineSyncError()));
    expect(await screen.findByText('Impossible de synchroniser hors ligne')).toBeInTheDocument();
  });

  it('offers no sync while offline', async () => {
    const { user } = renderIndicator(vi.fn(), { ...ONLINE, isOnline: false, isEffectivelyOnline: false });
    await user.click(screen.getByTestId('connectivity-indicator'));
    expect(await screen.findByText('Pending changes: 3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Sync now/ })).not.toBeInTheDocument();
    // The waiting-changes page works offline: the popover leads there.
    expect(screen.getByRole('link', { name: 'See the waiting changes' })).toHaveAttribute('href', '/sync');
  });
});
