import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoAccounts } from '#server/demo/demo-accounts.ts';
import { createTestDatabase, engines, type TestDatabase } from '#server/test/harness.ts';
import { seedDemoMail } from './seed-mail.ts';

describe.each(engines())('the demo mail on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await createDemoAccounts(database.db);
    await seedDemoMail(database.db, new Date('2026-03-02T09:00:00.000Z'));
  });
  afterAll(() => database.close());

  it('gives every demo account messages, with counts that match their copies', async () => {
    const db = database.db;
    const users = await db.selectFrom('users').select(['id', 'email']).execute();
    const copies = await db.selectFrom('email_copies').select(['owner_id', 'folder', 'is_read']).execute();
    const counts = await db.selectFrom('mailbox_counts').selectAll().execute();
    for (const user of users) {
      const own = copies.filter((copy) => copy.owner_id === user.id);
      expect(own.length, user.email).toBeGreaterThan(0);
      expect(counts.find((row) => row.user_id === user.id)).toEqual({
        user_id: user.id,
        inbox: own.filter((copy) => copy.folder === 'inbox').length,
        sent: own.filter((copy) => copy.folder === 'sent').length,
        bin: 0,
        unread: own.filter((copy) => copy.folder === 'inbox' && copy.is_read === 0).length,
      });
    }
    const rep = users.find((user) => user.email === 'rep@demo-crm.fr');
    expect(counts.find((row) => row.user_id === rep?.id)?.unread).toBeGreaterThan(0);
  });

  it('links the reply to the message it answers', async () => {
    const reply = await database.db
      .selectFrom('emails as r')
      .innerJoin('emails as p', 'p.id', 'r.parent_email_id')
      .select(['r.subject as reply', 'p.subject as parent'])
      .executeTakeFirstOrThrow();
    expect(reply).toEqual({ reply: 'Re: Réunion de secteur jeudi 9 h', parent: 'Réunion de secteur jeudi 9 h' });
  });
});
