/*
 * The users who signed out on this device and whose records are still to be deleted (issue 13, 'two people,
 * one device'). The sign-out notes the user here before the session ends, then deletes their records; a page
 * reloaded, closed or navigated away meanwhile (the next user's sign-in page, typically) aborts that deletion,
 * so the note stays, and the deletion is finished before the next session's first pull or send (the queue's
 * engine starts with the page when someone is signed in): nobody signing in next finds the previous user's
 * records, and changes they chose to discard are never sent.
 */

import { forgetDeviceRecords } from '@/offline/store/forget-user';

/** What the leaving user chose for their changes not yet on the server. */
export type LogoutChoice = 'keep' | 'discard';

type Leaving = { owner: string; choice: LogoutChoice };

export const LEAVING_USERS_KEY = 'crm:leaving-users';

function isLeaving(value: unknown): value is Leaving {
  if (typeof value !== 'object' || value === null) return false;
  const { owner, choice } = value as Record<string, unknown>;
  return typeof owner === 'string' && (choice === 'keep' || choice === 'discard');
}

function readLeaving(): Leaving[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(LEAVING_USERS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isLeaving) : [];
  } catch {
    return [];
  }
}

function writeLeaving(list: Leaving[]): void {
  try {
    if (list.length === 0) localStorage.removeItem(LEAVING_USERS_KEY);
    else localStorage.setItem(LEAVING_USERS_KEY, JSON.stringify(list));
  } catch {
    // Storage forbidden: the deletion still runs now, it just cannot be resumed after a reload.
  }
}

/** Notes that `owner` is signing out with that choice; call it before the session ends. */
export function noteLeaving(owner: string, choice: LogoutChoice): void {
  writeLeaving([...readLeaving().filter((leaving) => leaving.owner !== owner), { owner, choice }]);
}

/** Whether some user's deletion is still to be done (or under way). */
export function hasLeavingUsers(): boolean {
  return readLeaving().length > 0;
}

let forgetting: Promise<void> | null = null;

/**
 * Deletes the records of every user noted as leaving, one after the other, each note removed once its user's
 * deletion is done. Resolves at once when nobody is noted; calls made meanwhile share the deletion in flight.
 * A deletion that fails (the device's store cannot be opened) keeps its note for the next start.
 */
export function forgetLeavingUsers(): Promise<void> {
  if (forgetting !== null) return forgetting;
  if (!hasLeavingUsers()) {
    // A damaged note names nobody: it goes.
    writeLeaving([]);
    return Promise.resolve();
  }
  forgetting = (async () => {
    for (let next = readLeaving()[0]; next !== undefined; next = readLeaving()[0]) {
      const done = next;
      await forgetDeviceRecords(done.owner, done.choice);
      writeLeaving(readLeaving().filter((leaving) => leaving.owner !== done.owner));
    }
  })()
    .catch(() => undefined)
    .finally(() => {
      forgetting = null;
    });
  return forgetting;
}
