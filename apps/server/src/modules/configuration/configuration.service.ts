import type { ChannelInput, Channel, Product, ProductInput, Target, TargetInput } from '@crm/shared';
import type { z } from 'zod';
import { requireAdmin, requireSignedIn } from '#server/core/access.ts';
import type { Clock } from '#server/core/clock.ts';
import type { Db } from '#server/db/database.ts';
import type { AuthContext } from '#server/modules/auth/auth.service.ts';
import type { LogsRepository } from '#server/modules/logs/logs.repository.ts';
import type { ChannelsRepository } from './channels.repository.ts';
import { ConfigurationEntries } from './configuration-entries.ts';
import { toChannel, toProduct, toTarget } from './configuration.mapper.ts';
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
const mapped = <R, E>(row: R | undefined, map: (row: R) => E) => row && map(row);

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
        find: async (db, id) => mapped(await products.findById(db, id), toProduct),
        nameTaken: (db, name, exceptId) => products.nameTaken(db, name, exceptId),
        // On an activity, or offered to a user: it can then only be deactivated.
        isUsed: async (db, product) => {
          const { onActivities, assignedToUsers } = await products.references(db, product.id);
          return onActivities || assignedToUsers;
        },
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
        find: async (db, id) => mapped(await channels.findById(db, id), toChannel),
        nameTaken: (db, name, exceptId) => channels.nameTaken(db, name, exceptId),
        isUsed: (db, channel) => channels.hasActivities(db, channel.id),
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
        find: async (db, id) => mapped(await targets.findById(db, id), toTarget),
        nameTaken: (db, name, exceptId) => targets.nameTaken(db, name, exceptId),
        // A doctor's target or potential target for some user.
        isUsed: (db, target) => targets.carriedByDoctors(db, target.name),
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

  async targets(auth: AuthContext, filter: { active?: boolean | undefined }): Promise<Target[]> {
    requireSignedIn(auth);
    return (await this.deps.targets.list(this.deps.db, filter)).map(toTarget);
  }

  /** In their configured order: the first one is the activity form's default (spec 001 §9). */
  async activeChannels(auth: AuthContext): Promise<Channel[]> {
    requireSignedIn(auth);
    return (await this.deps.channels.listActive(this.deps.db)).map(toChannel);
  }

  async allProducts(auth: AuthContext): Promise<Product[]> {
    requireSignedIn(auth);
    return (await this.deps.products.listAll(this.deps.db)).map(toProduct);
  }

  /** The caller's own products, the ones the activity form offers: assigned to them and active (spec 001 §6). */
  async assignedProducts(auth: AuthContext): Promise<Product[]> {
    requireSignedIn(auth);
    return (await this.deps.products.listAssigned(this.deps.db, auth.user.id)).map(toProduct);
  }

  /** GET /api/configuration/products: every product, for the configuration screen. */
  async products(auth: AuthContext): Promise<Product[]> {
    requireAdmin(auth);
    return (await this.deps.products.listAll(this.deps.db)).map(toProduct);
  }

  /** GET /api/configuration/channels: every channel, active or not, in their configured order. */
  async channels(auth: AuthContext): Promise<Channel[]> {
    requireAdmin(auth);
    return (await this.deps.channels.listAll(this.deps.db)).map(toChannel);
  }
}
