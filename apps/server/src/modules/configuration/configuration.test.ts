import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '#server/modules/auth/auth.service.ts';
import { signIn } from '#server/test/callers.ts';
import { createTestApp, engines, type TestApp } from '#server/test/harness.ts';
import { ChannelsRepository } from './channels.repository.ts';
import { ConfigurationService } from './configuration.service.ts';
import { ProductsRepository } from './products.repository.ts';
import { TargetsRepository } from './targets.repository.ts';

describe.each(engines())('configuration on %s', (engine) => {
  let t: TestApp;
  let configuration: ConfigurationService;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.database.db;
    configuration = new ConfigurationService({
      channels: new ChannelsRepository(db),
      products: new ProductsRepository(db),
      targets: new TargetsRepository(db),
    });
  });
  afterAll(() => t.close());

  it('lists targets, all of them or the active ones only', async () => {
    await t.factory.target('Cible B');
    await t.factory.target('Cible A');
    await t.factory.target('Cible éteinte', false);
    const names = async (active?: boolean) => (await configuration.targets({ active })).map((target) => target.name);
    expect(await names(true)).toEqual(['Cible A', 'Cible B']);
    expect(await names(false)).toEqual(['Cible éteinte']);
    expect(await names()).toEqual(['Cible A', 'Cible B', 'Cible éteinte']);
  });

  it('lists the active channels, the activity form’s default first', async () => {
    const channels = await configuration.activeChannels();
    expect(channels[0]?.name).toBe('Face to face');
    expect(channels.every((channel) => channel.active)).toBe(true);
  });

  it('lists every product, and only the caller’s assigned active ones as theirs', async () => {
    const rep = await t.factory.user();
    const cardio = await t.factory.product({ name: 'Cardio' });
    const retired = await t.factory.product({ name: 'Ancien', active: false });
    await t.factory.product({ name: 'Neuro' });
    await t.factory.assignProducts(rep.id, [cardio.id, retired.id]);

    expect((await configuration.allProducts()).map((product) => product.name)).toEqual(['Ancien', 'Cardio', 'Neuro']);
    const auth = { user: { id: rep.id }, sessionId: 'unused' } as AuthContext;
    expect((await configuration.assignedProducts(auth)).map((product) => product.name)).toEqual(['Cardio']);
  });

  it('answers the same lists through the routes', async () => {
    const rep = await t.factory.user();
    const { authorization } = await signIn(t.app, rep.email, rep.password);
    const targets = await t.app.inject({
      method: 'GET',
      url: '/api/configuration/targets?active=true',
      headers: { authorization },
    });
    expect(targets.json()).toEqual({ targets: await configuration.targets({ active: true }) });
    const channels = await t.app.inject({
      method: 'GET',
      url: '/api/configuration/channels/active',
      headers: { authorization },
    });
    expect(channels.json()).toEqual({ channels: await configuration.activeChannels() });
  });
});
