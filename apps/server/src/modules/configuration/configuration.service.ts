import type { ChannelInput, Channel, Product, ProductInput, Target, TargetInput } from '@crm/shared';
import type { z } from 'zod';
import { requireAdmin, requireSignedIn } from '#server/core/access.ts';
import type { Clock } from '#server/core/clock.ts';
import type { Db } from '#server/db/database.ts';
import type { AuthContext } from '#server/modules/auth/auth.service.ts';
import type { LogsRepository } from '#server/modules/logs/logs.repository.ts';
import type { ChannelsRepository } from './channels.repository.ts';
import { ConfigurationEntries } from './configuration-entries.ts';
import type { ProductsRepository } from './products.repository.ts';
import type { TargetsRepository } from './targets.repository.ts';

type ConfigurationServiceDeps = {
  db: Db;
  channels: ChannelsRepository;
  products: ProductsRepository;
  targets: TargetsRepository;
  logs: LogsRepository;
  clock: Clock;
};

const flag = (value: boolean) => (value ? 1 : 0);

/**
 * The reference lists the forms offer (targets, channels, products) and their management. Every signed-in
 * user reads what the forms offer (names are no secret and activities show them); listing everything for
 * the configuration screen and changing any of it is for administrators (spec 001 §6).
 */
export class ConfigurationService {
  readonly productEntries: ConfigurationEntries<Product, z.output<typeof ProductInput>>;
  readonly channelEntries: ConfigurationEntries<Channel, z.output<typeof ChannelInput>>;
  readonly targetEntries: ConfigurationEntries<Target, z.output<typeof TargetInput>>;

  constructor(private readonly deps: ConfigurationServiceDeps) {
    const { products, channels, targets } = deps;
    this.productEntries = new ConfigurationEntries(
      {
        entityType: 'product',
        find: (db, id) => products.findById(db, id),
        nameTaken: (db, name, exceptId) => products.nameTaken(db, name, exceptId),
        isUsed: (db, product) => products.isUsed(db, product.id),
        insert: (db, id, input, now) =>
          products.insert(db, {
            id,
            name: input.name,
            description: input.description,
            active: flag(input.active),
            created_at: now,
            updated_at: now,
          }),
        update: (db, id, input, now) =>
          products.update(db, id, {
            name: input.name,
            description: input.description,
            active: flag(input.active),
            updated_at: now,
          }),
        delete: (db, id) => products.delete(db, id),
      },
      deps,
    );
    const channelColumns = (input: z.output<typeof ChannelInput>) => ({
      name: input.name,
      description: input.description,
      color: input.color,
      active: flag(input.active),
      is_time_off: flag(input.isTimeOff),
      needs_budget_approval: flag(input.needsBudgetApproval),
    });
    this.channelEntries = new ConfigurationEntries(
      {
        entityType: 'channel',
        find: (db, id) => channels.findById(id, db),
        nameTaken: (db, name, exceptId) => channels.nameTaken(db, name, exceptId),
        isUsed: (db, channel) => channels.isUsed(db, channel.id),
        insert: (db, id, input, now) =>
          channels.insert(db, { id, ...channelColumns(input), created_at: now, updated_at: now }),
        update: (db, id, input, now) => channels.update(db, id, { ...channelColumns(input), updated_at: now }),
        delete: (db, id) => channels.delete(db, id),
      },
      deps,
    );
    const targetColumns = (input: z.output<typeof TargetInput>) => ({
      name: input.name,
      description: input.description,
      color: input.color,
      priority: input.priority,
      active: flag(input.active),
    });
    this.targetEntries = new ConfigurationEntries(
      {
        entityType: 'target',
        find: (db, id) => targets.findById(db, id),
        nameTaken: (db, name, exceptId) => targets.nameTaken(db, name, exceptId),
        isUsed: (db, target) => targets.isUsed(db, target.name),
        insert: (db, id, input, now) =>
          targets.insert(db, { id, ...targetColumns(input), created_at: now, updated_at: now }),
        update: (db, id, input, now) => targets.update(db, id, { ...targetColumns(input), updated_at: now }),
        delete: (db, id) => targets.delete(db, id),
        // Doctors carry their targets by name (spec 000 §3): they follow a rename.
        afterUpdate: async (db, before, after) =>
          before.name === after.name
            ? {}
            : { renamedOnDoctors: await targets.renameOnDoctors(db, before.name, after.name) },
      },
      deps,
    );
  }

  targets(auth: AuthContext, filter: { active?: boolean | undefined }): Promise<Target[]> {
    requireSignedIn(auth);
    return this.deps.targets.list(filter);
  }

  /** In their configured order: the first one is the activity form's default (spec 001 §9). */
  activeChannels(auth: AuthContext): Promise<Channel[]> {
    requireSignedIn(auth);
    return this.deps.channels.listActive();
  }

  allProducts(auth: AuthContext): Promise<Product[]> {
    requireSignedIn(auth);
    return this.deps.products.listAll();
  }

  /** The caller's own products, the ones the activity form offers: assigned to them and active (spec 001 §6). */
  assignedProducts(auth: AuthContext): Promise<Product[]> {
    requireSignedIn(auth);
    return this.deps.products.listAssigned(auth.user.id);
  }

  /** GET /api/configuration/products: every product, for the configuration screen. */
  products(auth: AuthContext): Promise<Product[]> {
    requireAdmin(auth);
    return this.deps.products.listAll();
  }

  /** GET /api/configuration/channels: every channel, active or not, in their configured order. */
  channels(auth: AuthContext): Promise<Channel[]> {
    requireAdmin(auth);
    return this.deps.channels.listAll();
  }
}
