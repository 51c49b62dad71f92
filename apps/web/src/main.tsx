import '@/app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { captureInstallPrompt } from '@/app/pwa/install-prompt';
import { reloadOnMissingChunk } from '@/app/pwa/reload-on-missing-chunk';
import { startServiceWorker } from '@/app/pwa/start-service-worker';
import { createAppRouter } from '@/app/router';
import { i18nReady } from '@/lib/i18n';
import { captureSsoCallbackParams } from '@/modules/auth/sso-callback';
import { startNetworkMonitor } from '@/offline/engine/network-monitor';

// Before the router reads the address: the single-sign-on token must leave the address bar first.
captureSsoCallbackParams();
startNetworkMonitor();
// The queue's engine and the rep's slice start once the signed-in first screen is shown (AppLayout, decision 0039).
// Before any lazy page loads, and before the browser's install event can fire.
reloadOnMissingChunk();
captureInstallPrompt();

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');

// A rep who chose English waits for its catalogue rather than seeing the first screen in French.
void i18nReady.then(() => {
  createRoot(root).render(
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>,
  );
  // A page the service worker already controls registers it at once, as the app always did: nothing is
  // installed then, and cold loads measured faster with it. A first visit waits for its first screen, since the
  // install downloads the whole precache (decision 0065).
  if ('serviceWorker' in navigator && navigator.serviceWorker.controller !== null) startServiceWorker();
});
