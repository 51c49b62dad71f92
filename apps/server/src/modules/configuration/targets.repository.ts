import type { Target } from '@crm/shared';
import type { Db } from '#server/db/database.ts';
import type { TargetsTable } from '#server/db/schema.ts';

export class TargetsRepository {
  constructor(private readonly db: Db) {}

  async list(filter: { active?: boolean | undefined }): Promise<Target[]> {
    const rows = await this.db
      .selectFrom('targets')
      .selectAll()
      .$if(filter.active !== undefined, (qb) => qb.where('active', '=', filter.active ? 1 : 0))
      .orderBy('priority', 'desc')
      .orderBy('name')
      .execute();
    return rows.map(toTarget);
  }

  async insert(db: Db, row: TargetsTable): Promise<void> {
    await db.insertInto('targets').values(row).execute();
  }
}

function toTarget(row: TargetsTable): Target {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    color: row.color,
    priority: row.priority,
    active: row.active === 1,
  };
}
