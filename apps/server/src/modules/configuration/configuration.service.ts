import type { Channel, Product, Target } from '@crm/shared';
import type { AuthContext } from '#server/modules/auth/auth.service.ts';
import type { ChannelsRepository } from './channels.repository.ts';
import type { ProductsRepository } from './products.repository.ts';
import type { TargetsRepository } from './targets.repository.ts';

type ConfigurationServiceDeps = {
  channels: ChannelsRepository;
  products: ProductsRepository;
  targets: TargetsRepository;
};

/**
 * The reference lists the forms offer (targets, channels, products). Every signed-in user reads them:
 * names are no secret and activities show them; configuring them is what needs an admin.
 */
export class ConfigurationService {
  constructor(private readonly deps: ConfigurationServiceDeps) {}

  targets(filter: { active?: boolean | undefined }): Promise<Target[]> {
    return this.deps.targets.list(filter);
  }

  /** In their configured order: the first one is the activity form's default (spec 001 §9). */
  activeChannels(): Promise<Channel[]> {
    return this.deps.channels.listActive();
  }

  allProducts(): Promise<Product[]> {
    return this.deps.products.listAll();
  }

  /** The caller's own products, the ones the activity form offers: assigned to them and active (spec 001 §6). */
  assignedProducts(auth: AuthContext): Promise<Product[]> {
    return this.deps.products.listAssigned(auth.user.id);
  }
}
