/**
 * Window events between the network monitor and the sync engine, so neither imports the other: coming back
 * online starts a synchronisation (DESIGN.md §7).
 */
export const BACK_ONLINE_EVENT = 'crm:back-online';
