import type { Db } from '#server/db/database.ts';
import type { SsoAttemptsTable, SsoHandoffsTable } from '#server/db/schema.ts';

/**
 * The single sign-ons in flight (docs/decisions/0035): attempts started at the provider, and handoffs
 * waiting for the web app's exchange. Both are taken by deleting them, so each serves once, across processes.
 */
export class SsoRepository {
  async insertAttempt(db: Db, attempt: SsoAttemptsTable): Promise<void> {
    await db.insertInto('sso_attempts').values(attempt).execute();
  }

  /** The attempt of this state, removed in the same statement: a second callback with it finds nothing. */
  takeAttempt(db: Db, stateHash: string): Promise<SsoAttemptsTable | undefined> {
    return db.deleteFrom('sso_attempts').where('state_hash', '=', stateHash).returningAll().executeTakeFirst();
  }

  async deleteAttemptsExpiredBefore(db: Db, now: string): Promise<void> {
    await db.deleteFrom('sso_attempts').where('expires_at', '<=', now).execute();
  }

  async insertHandoff(db: Db, handoff: SsoHandoffsTable): Promise<void> {
    await db.insertInto('sso_handoffs').values(handoff).execute();
  }

  takeHandoff(db: Db, id: string): Promise<SsoHandoffsTable | undefined> {
    return db.deleteFrom('sso_handoffs').where('id', '=', id).returningAll().executeTakeFirst();
  }

  async deleteHandoffsExpiredBefore(db: Db, now: string): Promise<void> {
    await db.deleteFrom('sso_handoffs').where('expires_at', '<=', now).execute();
  }
}
