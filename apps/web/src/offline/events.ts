/**
 * Window events between the shell and the sync engine (a later module), so neither imports the other.
 * Coming back online and pressing 'Sync now' both start a synchronisation (DESIGN.md §7).
 */
export const BACK_ONLINE_EVENT = 'crm:back-online';
export const SYNC_REQUESTED_EVENT = 'crm:sync-requested';

export function requestSync(): void {
  window.dispatchEvent(new Event(SYNC_REQUESTED_EVENT));
}
