import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Email, type EmailListResult, searchTerms } from '@crm/shared';
import * as mailboxSearchIndex from '#server/db/migrations/202611270900_index_mailbox_search.ts';
import { type Call, callerFor } from '#server/test/callers.ts';
import type { CreatedUser } from '#server/test/factory.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';

/** Subjects and bodies whose text is tricky for an index: accents, case, punctuation, wildcards, FTS syntax. */
const MESSAGES: [string, string][] = [
  ['Réunion à l’Église', 'Rendez-vous près de l’ÉGLISE Saint-Étienne.'],
  ['Remise 100% garantie', 'Une remise de 100 % sur le lot_50, valable 50_50.'],
  ['"Citation" entre guillemets', 'Il a dit « bonjour » puis "au revoir".'],
  ['Étoile* et tiret-moins', 'Le produit a* -b NEAR(c d) AND e OR f NOT g.'],
  ['near the end', 'nearby nearer NEARLY'],
  ['Cœur et œuvre', 'Cardiologie : l’œuvre du cœur, Œdipe.'],
  ['Parenthèses (x)', 'Rapport {a} [b] ^c $d: e; f, g.'],
  ['ab', 'a b c'],
  ['Lyon 69003', 'Congrès de Lyon, salle 2B, 14h30.'],
  ['Même heure A', 'texte commun aaa'],
  ['Même heure B', 'texte commun bbb'],
  ['Même heure C', 'texte commun ccc'],
];

/** Searches that reach every path: indexable words, short ones, both, punctuation only, syntax. */
const SEARCHES = [
  'eglise',
  'ÉGLISE',
  'Église saint',
  "l'église",
  'glis',
  '100%',
  '100 %',
  '%',
  '_',
  'lot_50',
  '50_50',
  '"citation"',
  '"',
  "'",
  'a*',
  '*',
  '-moins',
  'tiret-moins',
  'NEAR',
  'near(c d)',
  'AND',
  'OR',
  'NOT g',
  'coeur',
  'cœur',
  'oeuvre',
  'œ',
  'a',
  'b',
  'ab',
  'a b',
  'e',
  'ly',
  'lyon',
  'LYON 69003',
  '2b',
  '14h30',
  'commun',
  'texte commun',
  'rer',
  'introuvable',
  'zz',
  '{a}',
  '^c',
  '$d',
];

const LIMIT = 2;

describe.each(engines())('mailbox search index on %s', (engine) => {
  let t: TestApp;
  let alice: CreatedUser;
  let bob: CreatedUser;
  let asAlice: Call;
  let asBob: Call;
  /** Bob's inbox, newest first, with each message's stored search text. */
  let inbox: { id: string; search_text: string }[] = [];
  let at = Date.parse('2026-11-20T08:00:00.000Z');

  const list = async (as: Call, query: string) => {
    const { status, body } = await as('GET', `/api/emails${query}`);
    expect(status).toBe(200);
    return body as EmailListResult;
  };
  const send = async (subject: string, text: string) => {
    const { status, body } = await asAlice('POST', '/api/emails', {
      recipients: [bob.email],
      subject,
      body: `<p>${text}</p>`,
    });
    expect(status).toBe(201);
    return body as Email;
  };
  /** The copies of Bob's inbox a search must find, as the old query did: every word a substring. */
  const expected = (search: string) => {
    const terms = searchTerms(search);
    return inbox.filter((copy) => terms.every((term) => copy.search_text.includes(term))).map((copy) => copy.id);
  };
  const readInbox = async () => {
    const rows = await t.database.db
      .selectFrom('email_copies as c')
      .innerJoin('emails as e', 'e.id', 'c.email_id')
      .select(['c.id', 'c.created_at', 'e.search_text'])
      .where('c.owner_id', '=', bob.id)
      .where('c.folder', '=', 'inbox')
      .execute();
    // Newest first, then by id: ids are lower-case UUIDs, which sort alike as text and as uuid.
    return rows
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || (a.id < b.id ? 1 : -1))
      .map(({ id, search_text }) => ({ id, search_text }));
  };
  /** Every page of a search, LIMIT at a time: what it holds, each copy once, and the total of every page. */
  const allPages = async (search: string) => {
    const query = `?search=${encodeURIComponent(search)}&limit=${LIMIT}`;
    const first = await list(asBob, query);
    const ids = first.emails.map((email) => email.id);
    for (let page = 2; page <= first.pages; page += 1) {
      const later = await list(asBob, `${query}&page=${page}`);
      expect(later.total).toBe(first.total);
      ids.push(...later.emails.map((email) => email.id));
    }
    return { total: first.total, ids };
  };

  beforeAll(async () => {
    // A clock that the test steps: the last three messages share one instant, so only their ids order them.
    t = await createTestApp(engine, {}, { clock: { now: () => new Date(at) } });
    alice = await t.factory.user({ firstName: 'Alice', lastName: 'Martin', email: 'alice.martin@test-crm.fr' });
    bob = await t.factory.user({ firstName: 'Bob', lastName: 'Durand', email: 'bob.durand@test-crm.fr' });
    asAlice = await callerFor(t, alice);
    asBob = await callerFor(t, bob);
    for (const [subject, text] of MESSAGES) {
      if (!subject.startsWith('Même heure')) at += 60_000;
      await send(subject, text);
    }
    inbox = await readInbox();
  });
  afterAll(() => t.close());

  it.each(SEARCHES)('"%s" finds what a substring search of every word found, in order, each once', async (search) => {
    const wanted = expected(search);
    const { total, ids } = await allPages(search);
    expect(total).toBe(wanted.length);
    expect(ids).toEqual(wanted);
  });

  it('the tricky searches find something, so the comparison above is not empty', () => {
    for (const search of ['eglise', '100%', 'lot_50', 'near', 'saint', 'a', 'ab', 'lyon 69003', 'commun']) {
      expect(expected(search).length, search).toBeGreaterThan(0);
    }
    expect(expected('texte commun')).toHaveLength(3);
  });

  it('a permanently deleted message leaves the index; a new one is found at once', async () => {
    const sent = await send('Message éphémère', 'Contenu zéphyr unique');
    expect((await list(asBob, '?search=zephyr')).total).toBe(1);
    // Alice's copy and Bob's go to the bin and then for good: nobody holds the message any more.
    for (const [as, folder] of [
      [asAlice, 'sent'],
      [asBob, 'inbox'],
    ] as const) {
      const { emails } = await list(as, `?folder=${folder}&search=zephyr`);
      const id = emails[0]?.id ?? '';
      expect((await as('DELETE', `/api/emails/${id}`)).status).toBe(200);
      expect((await as('DELETE', `/api/emails/${id}`)).status).toBe(200);
    }
    expect(await t.database.db.selectFrom('emails').select('id').where('id', '=', sent.id).execute()).toEqual([]);
    expect((await list(asBob, '?search=zephyr')).total).toBe(0);
    expect((await list(asBob, '?folder=bin&search=zephyr')).total).toBe(0);
    await send('Message suivant', 'Contenu zéphyr encore');
    expect((await list(asBob, '?search=zephyr')).emails.map((email) => email.subject)).toEqual(['Message suivant']);
    inbox = await readInbox();
  });

  it('the migration indexes the messages already there, as the writes do', async () => {
    const db = t.database.db as unknown as Kysely<unknown>;
    const before = await Promise.all(SEARCHES.map(allPages));
    await mailboxSearchIndex.down(db);
    await mailboxSearchIndex.up(db);
    expect(await Promise.all(SEARCHES.map(allPages))).toEqual(before);
    // And the index still follows the writes made after it was rebuilt.
    await send('Après migration', 'Contenu xylophone');
    expect((await list(asBob, '?search=xylophone')).total).toBe(1);
  });
});
