import type { Channel, Product, Target } from '@crm/shared';
import type { ChannelsTable, ProductsTable, TargetsTable } from '#server/db/schema.ts';

export type ChannelRow = Omit<ChannelsTable, 'position' | 'created_at' | 'updated_at'>;
export type ProductRow = Omit<ProductsTable, 'created_at' | 'updated_at'>;
export type TargetRow = TargetsTable;

export function toChannel(row: ChannelRow): Channel {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    color: row.color,
    active: row.active === 1,
    isTimeOff: row.is_time_off === 1,
    needsBudgetApproval: row.needs_budget_approval === 1,
  };
}

export function toProduct(row: ProductRow): Product {
  return { id: row.id, name: row.name, description: row.description, active: row.active === 1 };
}

export function toTarget(row: TargetRow): Target {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    color: row.color,
    priority: row.priority,
    active: row.active === 1,
  };
}
