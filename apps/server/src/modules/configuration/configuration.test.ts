import type { Channel, Product, Target } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '#server/core/clock.ts';
import type { AuthContext } from '#server/modules/auth/auth.service.ts';
import { LogsRepository } from '#server/modules/logs/logs.repository.ts';
import { type Call, callerFor, signIn } from '#server/test/callers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';
import { configurationSnapshot } from '#server/test/table-counts.ts';
import { ChannelsRepository } from './channels.repository.ts';
import { ConfigurationService } from './configuration.service.ts';
import { ProductsRepository } from './products.repository.ts';
import { TargetsRepository } from './targets.repository.ts';

type LastEntry = { action: string; entity_type: string; entity_id: string | null; metadata: unknown; changes: unknown };

describe.each(engines())('configuration on %s', (engine) => {
  let t: TestApp;
  let configuration: ConfigurationService;
  let admin: Call;
  let rep: Call;
  let repId: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.database.db;
    configuration = new ConfigurationService({
      db,
      channels: new ChannelsRepository(),
      products: new ProductsRepository(),
      targets: new TargetsRepository(),
      logs: new LogsRepository(systemClock),
      clock: systemClock,
    });
    admin = await callerFor(t, await t.factory.user({ isAdmin: true, email: `admin.${engine}@test-crm.fr` }));
    const repUser = await t.factory.user();
    repId = repUser.id;
    rep = await callerFor(t, repUser);
  });
  afterAll(() => t.close());

  const lastEntry = async (): Promise<LastEntry | undefined> => {
    const row = await t.database.db
      .selectFrom('audit_logs')
      .select(['action', 'entity_type', 'entity_id', 'metadata', 'changes'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return (
      row && {
        ...row,
        metadata: row.metadata && (JSON.parse(row.metadata) as unknown),
        changes: row.changes && (JSON.parse(row.changes) as unknown),
      }
    );
  };
  const snapshot = () => configurationSnapshot(t.database.db);
  /** A signed-in caller, for the reads any of them may make. */
  const anyone = () => ({ user: { id: repId }, sessionId: 'unused' }) as AuthContext;

  describe('reads', () => {
    it('lists targets, all of them or the active ones only', async () => {
      await t.factory.target('Cible B');
      await t.factory.target('Cible A');
      await t.factory.target('Cible éteinte', false);
      const names = async (active?: boolean) =>
        (await configuration.targets(anyone(), { active })).map((target) => target.name);
      expect(await names(true)).toEqual(expect.arrayContaining(['Cible A', 'Cible B']));
      expect(await names(true)).not.toContain('Cible éteinte');
      expect(await names(false)).toContain('Cible éteinte');
    });

    it('lists the active channels, the activity form’s default first', async () => {
      const channels = await configuration.activeChannels(anyone());
      expect(channels[0]?.name).toBe('Face to face');
      expect(channels.every((channel) => channel.active)).toBe(true);
    });

    it('lists every product, and only the caller’s assigned active ones as theirs', async () => {
      const user = await t.factory.user();
      const cardio = await t.factory.product({ name: 'Cardio' });
      const retired = await t.factory.product({ name: 'Ancien', active: false });
      await t.factory.product({ name: 'Neuro' });
      await t.factory.assignProducts(user.id, [cardio.id, retired.id]);

      expect((await configuration.allProducts(anyone())).map((product) => product.name)).toEqual(
        expect.arrayContaining(['Ancien', 'Cardio', 'Neuro']),
      );
      const auth = { user: { id: user.id }, sessionId: 'unused' } as AuthContext;
      expect((await configuration.assignedProducts(auth)).map((product) => product.name)).toEqual(['Cardio']);
    });

    it('answers the same lists through the routes, to everyone', async () => {
      const rep = await t.factory.user();
      const { authorization } = await signIn(t.app, rep.email, rep.password);
      const targets = await t.app.inject({
        method: 'GET',
        url: '/api/configuration/targets?active=true',
        headers: { authorization },
      });
      expect(targets.json()).toEqual({ targets: await configuration.targets(anyone(), { active: true }) });
      const channels = await t.app.inject({
        method: 'GET',
        url: '/api/configuration/channels/active',
        headers: { authorization },
      });
      expect(channels.json()).toEqual({ channels: await configuration.activeChannels(anyone()) });
    });

    it('lists every product and every channel, inactive ones included, for administrators', async () => {
      const retired = await t.factory.product({ name: 'Produit retiré', active: false });
      const products = await admin('GET', '/api/configuration/products');
      expect(products.status).toBe(200);
      expect((products.body as { products: Product[] }).products).toContainEqual({
        id: retired.id,
        name: 'Produit retiré',
        description: null,
        active: false,
      });
      const channels = await admin('GET', '/api/configuration/channels');
      expect((channels.body as { channels: Channel[] }).channels.map((channel) => channel.name).slice(0, 6)).toEqual([
        'Face to face',
        'Email',
        'Call',
        'Video',
        'Event',
        'Time-off',
      ]);
    });
  });

  describe('validation (spec 001 §5)', () => {
    it.each([
      ['products', 'Product name is required'],
      ['channels', 'Channel name is required'],
      ['targets', 'Target name is required'],
    ])('refuses a %s entry without a name: %s', async (path, message) => {
      const before = await snapshot();
      for (const payload of [{}, { name: '' }, { name: '   ' }, { name: null }]) {
        const response = await admin('POST', `/api/configuration/${path}`, payload);
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', fields: { name: message } });
      }
      expect(await snapshot()).toEqual(before);
    });

    it('says the name is required in French too', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/configuration/products',
        headers: {
          authorization: (await signIn(t.app, `admin.${engine}@test-crm.fr`, 'Secret-Password-1')).authorization,
        },
        payload: { name: '' },
      });
      expect(response.json()).toMatchObject({ fields: { name: 'Le nom du produit est obligatoire' } });
    });

    it.each(['blue', '#12345', '#1234567', '1890ff', '#gggggg', 12])('refuses the colour %s', async (color) => {
      const before = await snapshot();
      for (const path of ['channels', 'targets']) {
        const response = await admin('POST', `/api/configuration/${path}`, { name: `Couleur ${String(color)}`, color });
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({
          fields: { color: 'The colour must be a hex code such as #1890ff' },
        });
      }
      expect(await snapshot()).toEqual(before);
    });

    it.each([-1, 101, 1.5, '50', 'haute'])('refuses the priority %s', async (priority) => {
      const before = await snapshot();
      const response = await admin('POST', '/api/configuration/targets', { name: 'Prioritaire', priority });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        fields: { priority: 'The priority must be a whole number from 0 to 100' },
      });
      expect(await snapshot()).toEqual(before);
    });

    it('accepts priorities 0 and 100', async () => {
      for (const priority of [0, 100]) {
        const response = await admin('POST', '/api/configuration/targets', { name: `Priorité ${priority}`, priority });
        expect(response.status).toBe(201);
        expect((response.body as Target).priority).toBe(priority);
      }
    });

    it('refuses a field no entry has', async () => {
      const response = await admin('POST', '/api/configuration/products', { name: 'Extra', color: '#1890ff' });
      expect(response.status).toBe(400);
    });

    it('gives the spec’s defaults: colour #1890ff, active, priority 0, not time-off, no budget approval', async () => {
      const channel = await admin('POST', '/api/configuration/channels', { name: 'Salon' });
      expect(channel.status).toBe(201);
      expect(channel.body).toMatchObject({
        name: 'Salon',
        description: null,
        color: '#1890ff',
        active: true,
        isTimeOff: false,
        needsBudgetApproval: false,
      });
      const target = await admin('POST', '/api/configuration/targets', { name: 'Sans priorité', priority: null });
      expect(target.body).toMatchObject({ color: '#1890ff', priority: 0, active: true, description: null });
      const product = await admin('POST', '/api/configuration/products', { name: '  Dolizen  ', description: '  ' });
      expect(product.body).toMatchObject({ name: 'Dolizen', description: null, active: true });
    });

    it('stores colours in lower case', async () => {
      const response = await admin('POST', '/api/configuration/targets', { name: 'Majuscules', color: '#FF4D4F' });
      expect((response.body as Target).color).toBe('#ff4d4f');
    });
  });

  describe('create, change and delete', () => {
    it('creates a product and audits it with its new state', async () => {
      const response = await admin('POST', '/api/configuration/products', {
        name: 'Tensiozen',
        description: 'Antihypertenseur',
        active: true,
      });
      expect(response.status).toBe(201);
      const product = response.body as Product;
      expect(product).toEqual({
        id: expect.any(String) as string,
        name: 'Tensiozen',
        description: 'Antihypertenseur',
        active: true,
      });
      expect(await lastEntry()).toEqual({
        action: 'create',
        entity_type: 'product',
        entity_id: product.id,
        metadata: { name: 'Tensiozen' },
        changes: { previous: null, new: product },
      });
    });

    it('adds a new channel after the others', async () => {
      const response = await admin('POST', '/api/configuration/channels', { name: 'Webinaire', color: '#13c2c2' });
      const channels = await admin('GET', '/api/configuration/channels');
      expect((channels.body as { channels: Channel[] }).channels.at(-1)).toEqual(response.body);
    });

    it('changes a channel and audits each changed field with its before and after', async () => {
      const created = (await admin('POST', '/api/configuration/channels', { name: 'Congrès', color: '#fa8c16' }))
        .body as Channel;
      const response = await admin('PUT', `/api/configuration/channels/${created.id}`, {
        name: 'Congrès médical',
        description: 'Stands et symposiums',
        color: '#fa8c16',
        active: false,
        isTimeOff: false,
        needsBudgetApproval: true,
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ name: 'Congrès médical', active: false, needsBudgetApproval: true });
      expect(await lastEntry()).toEqual({
        action: 'update',
        entity_type: 'channel',
        entity_id: created.id,
        metadata: { name: 'Congrès médical' },
        changes: {
          name: { before: 'Congrès', after: 'Congrès médical' },
          description: { before: null, after: 'Stands et symposiums' },
          active: { before: true, after: false },
          needsBudgetApproval: { before: false, after: true },
        },
      });
    });

    it('writes no entry when a save changes nothing', async () => {
      const created = (await admin('POST', '/api/configuration/products', { name: 'Immuable' })).body as Product;
      const before = await snapshot();
      const response = await admin('PUT', `/api/configuration/products/${created.id}`, {
        name: 'Immuable',
        description: null,
        active: true,
      });
      expect(response.status).toBe(200);
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a name another entry of the kind has, whatever its case, and changes nothing', async () => {
      await admin('POST', '/api/configuration/targets', { name: 'Leader d’opinion' });
      const other = (await admin('POST', '/api/configuration/targets', { name: 'Suiveur' })).body as Target;
      const before = await snapshot();
      const created = await admin('POST', '/api/configuration/targets', { name: 'LEADER D’OPINION' });
      expect(created.status).toBe(409);
      expect(created.body).toMatchObject({
        code: 'CONFLICT',
        message: 'This name is already used',
        fields: { name: 'This name is already used' },
      });
      const renamed = await admin('PUT', `/api/configuration/targets/${other.id}`, { name: 'leader d’opinion' });
      expect(renamed.status).toBe(409);
      expect(await snapshot()).toEqual(before);
      // Its own name, in another case, is no conflict.
      expect((await admin('PUT', `/api/configuration/targets/${other.id}`, { name: 'SUIVEUR' })).status).toBe(200);
    });

    it('answers 404 for an entry that does not exist', async () => {
      const missing = '01900000-0000-7000-8000-000000000000';
      for (const path of ['products', 'channels', 'targets']) {
        expect((await admin('PUT', `/api/configuration/${path}/${missing}`, { name: 'Fantôme' })).status).toBe(404);
        expect((await admin('DELETE', `/api/configuration/${path}/${missing}`)).status).toBe(404);
      }
      expect((await admin('DELETE', '/api/configuration/products/not-an-id')).status).toBe(400);
    });

    it('deletes an unused entry and audits what it was', async () => {
      const created = (await admin('POST', '/api/configuration/targets', { name: 'Éphémère', priority: 5 }))
        .body as Target;
      const response = await admin('DELETE', `/api/configuration/targets/${created.id}`);
      expect(response.status).toBe(204);
      expect(await t.database.db.selectFrom('targets').select('id').where('id', '=', created.id).execute()).toEqual([]);
      expect(await lastEntry()).toEqual({
        action: 'delete',
        entity_type: 'target',
        entity_id: created.id,
        metadata: { name: 'Éphémère' },
        changes: { previous: created, new: null },
      });
    });
  });

  describe('entries in use (deleting one answers 409 and deletes nothing)', () => {
    const refusedDelete = async (path: string, id: string, message: string) => {
      const before = await snapshot();
      const response = await admin('DELETE', `/api/configuration/${path}/${id}`);
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ code: 'IN_USE', message });
      expect(await snapshot()).toEqual(before);
    };
    const productInUse =
      'This product is still used by activities or assigned to users: deactivate it instead of deleting it';

    it('keeps a product that an activity carries', async () => {
      const product = await t.factory.product();
      await t.factory.activity({ ownerId: repId, productIds: [product.id] });
      await refusedDelete('products', product.id, productInUse);
    });

    it('keeps a product assigned to a user', async () => {
      const product = await t.factory.product();
      await t.factory.assignProducts(repId, [product.id]);
      await refusedDelete('products', product.id, productInUse);
    });

    it('keeps a channel that an activity is on', async () => {
      const created = (await admin('POST', '/api/configuration/channels', { name: 'Déjeuner' })).body as Channel;
      await t.factory.activity({ ownerId: repId, channelId: created.id });
      await refusedDelete(
        'channels',
        created.id,
        'This channel is still used by activities: deactivate it instead of deleting it',
      );
      const seeded = await t.factory.channelByName('Call');
      await t.factory.activity({ ownerId: repId, channelId: seeded.id });
      await refusedDelete(
        'channels',
        seeded.id,
        'This channel is still used by activities: deactivate it instead of deleting it',
      );
    });

    it.each(['target', 'potential_target'] as const)('keeps a target set as a doctor’s %s', async (field) => {
      const target = await t.factory.target(`Cible ${field}`);
      const doctor = await t.factory.doctor();
      await t.database.db
        .insertInto('doctor_user_data')
        .values({
          user_id: repId,
          doctor_id: doctor.id,
          [field]: `Cible ${field}`,
          updated_at: new Date().toISOString(),
        })
        .execute();
      await refusedDelete(
        'targets',
        target.id,
        'This target is still set on doctors: deactivate it instead of deleting it',
      );
    });

    it('lets an entry in use be deactivated: it leaves the pickers and stays where it was used', async () => {
      const product = await t.factory.product({ name: 'Retirable' });
      await t.factory.assignProducts(repId, [product.id]);
      const activity = await t.factory.activity({ ownerId: repId, productIds: [product.id], title: 'Avec produit' });
      const channel = (
        await admin('POST', '/api/configuration/channels', { name: 'Téléconsultation', color: '#eb2f96' })
      ).body as Channel;
      const onChannel = await t.factory.activity({ ownerId: repId, channelId: channel.id, title: 'Sur le canal' });

      expect((await rep('GET', '/api/auth/me/products')).body).toMatchObject({
        products: expect.arrayContaining([expect.objectContaining({ id: product.id })]) as unknown,
      });
      expect(
        (await admin('PUT', `/api/configuration/products/${product.id}`, { name: 'Retirable', active: false })).status,
      ).toBe(200);
      expect(
        (
          await admin('PUT', `/api/configuration/channels/${channel.id}`, {
            name: 'Téléconsultation',
            color: '#eb2f96',
            active: false,
          })
        ).status,
      ).toBe(200);

      const mine = (await rep('GET', '/api/auth/me/products')).body as { products: Product[] };
      expect(mine.products.map((item) => item.id)).not.toContain(product.id);
      const active = (await rep('GET', '/api/configuration/channels/active')).body as { channels: Channel[] };
      expect(active.channels.map((item) => item.id)).not.toContain(channel.id);
      // Where they were used, they still show: the activity keeps its product and its channel, colour included.
      expect((await rep('GET', `/api/activities/${activity.id}`)).body).toMatchObject({ productIds: [product.id] });
      expect((await rep('GET', `/api/activities/${onChannel.id}`)).body).toMatchObject({
        channel: { id: channel.id, name: 'Téléconsultation', color: '#eb2f96' },
      });
      // And the product's name is still known to the form.
      expect((await rep('GET', '/api/users/products/all')).body).toMatchObject({
        products: expect.arrayContaining([
          { id: product.id, name: 'Retirable', description: null, active: false },
        ]) as unknown,
      });
    });
  });

  describe('targets are carried by name', () => {
    it('renames a target on the doctors that carry it, in the same change, and says so in the log', async () => {
      const target = (await admin('POST', '/api/configuration/targets', { name: 'Cible ancienne' })).body as Target;
      const [first, second] = [await t.factory.doctor(), await t.factory.doctor()];
      const now = new Date().toISOString();
      await t.database.db
        .insertInto('doctor_user_data')
        .values([
          { user_id: repId, doctor_id: first.id, target: 'Cible ancienne', potential_target: null, updated_at: now },
          {
            user_id: repId,
            doctor_id: second.id,
            target: 'Autre',
            potential_target: 'Cible ancienne',
            updated_at: now,
          },
        ])
        .execute();
      const response = await admin('PUT', `/api/configuration/targets/${target.id}`, {
        name: 'Cible nouvelle',
        color: target.color,
        priority: target.priority,
      });
      expect(response.status).toBe(200);
      const rows = await t.database.db
        .selectFrom('doctor_user_data')
        .select(['doctor_id', 'target', 'potential_target'])
        .where('doctor_id', 'in', [first.id, second.id])
        .orderBy('target')
        .execute();
      expect(rows).toEqual([
        { doctor_id: second.id, target: 'Autre', potential_target: 'Cible nouvelle' },
        { doctor_id: first.id, target: 'Cible nouvelle', potential_target: null },
      ]);
      expect(await lastEntry()).toMatchObject({ metadata: { name: 'Cible nouvelle', renamedOnDoctors: 2 } });
    });
  });
});
