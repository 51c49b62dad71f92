import type { ActivityAttendee } from '@crm/shared';
import type { Db } from '#server/db/database.ts';
import { type PreparedParams, preparedShapes } from '#server/db/prepared.ts';

/** An activity's products and attendees (activity_products, activity_attendees), by activity id. */
export type ActivityExtras = {
  productIds: ReadonlyMap<string, string[]>;
  attendees: ReadonlyMap<string, ActivityAttendee[]>;
};

type ProductRow = { activity_id: string; product_id: string };
type AttendeeRow = { activity_id: string; doctor_id: string; name: string };

/** IN lists longer than this are split; shorter ones are padded to a power of two (see `idChunks`). */
const MAX_IN_LIST = 256;

/** Ids in chunks whose sizes are powers of two (the last id repeated): a handful of statement shapes. */
function idChunks(ids: readonly string[]): string[][] {
  const unique = [...new Set(ids)];
  const chunks: string[][] = [];
  for (let i = 0; i < unique.length; i += MAX_IN_LIST) {
    const chunk = unique.slice(i, i + MAX_IN_LIST);
    let size = 1;
    while (size < chunk.length) size *= 2;
    const last = chunk[chunk.length - 1] ?? '';
    chunks.push([...chunk, ...Array.from({ length: size - chunk.length }, () => last)]);
  }
  return chunks;
}

/** The rows that hang off an activity and are replaced whole when it is written: its products and attendees. */
export class ActivityExtrasRepository {
  private readonly shapes = preparedShapes();

  /**
   * Products and attendees of these activities, one query each per chunk of ids. Each chunk size is a
   * prepared shape: compiling a 64-value IN list cost more than running it.
   */
  async forActivities(db: Db, ids: readonly string[]): Promise<ActivityExtras> {
    const productIds = new Map<string, string[]>();
    const attendees = new Map<string, ActivityAttendee[]>();
    for (const chunk of idChunks(ids)) {
      const names = chunk.map((_, i) => `id${i}`);
      const params = Object.fromEntries(chunk.map((id, i) => [`id${i}`, id]));
      const idsOf = (p: PreparedParams) => names.map((name) => p[name] as string);
      const products = await this.shapes<ProductRow>(
        db,
        `products:${chunk.length}`,
        () => ({
          names,
          build: (shapeDb, p) =>
            shapeDb
              .selectFrom('activity_products')
              .select(['activity_id', 'product_id'])
              .where('activity_id', 'in', idsOf(p))
              .orderBy('activity_id')
              .orderBy('product_id'),
        }),
        params,
      );
      for (const row of products) {
        const list = productIds.get(row.activity_id) ?? [];
        list.push(row.product_id);
        productIds.set(row.activity_id, list);
      }
      const people = await this.shapes<AttendeeRow>(
        db,
        `attendees:${chunk.length}`,
        () => ({
          names,
          build: (shapeDb, p) =>
            shapeDb
              .selectFrom('activity_attendees')
              .select(['activity_id', 'doctor_id', 'name'])
              .where('activity_id', 'in', idsOf(p))
              .orderBy('activity_id')
              .orderBy('position'),
        }),
        params,
      );
      for (const row of people) {
        const list = attendees.get(row.activity_id) ?? [];
        list.push({ id: row.doctor_id, name: row.name });
        attendees.set(row.activity_id, list);
      }
    }
    return { productIds, attendees };
  }

  async replaceProducts(db: Db, id: string, productIds: readonly string[]): Promise<void> {
    await db.deleteFrom('activity_products').where('activity_id', '=', id).execute();
    const unique = [...new Set(productIds)];
    if (unique.length === 0) return;
    await db
      .insertInto('activity_products')
      .values(unique.map((productId) => ({ activity_id: id, product_id: productId })))
      .execute();
  }

  async replaceAttendees(db: Db, id: string, attendees: readonly ActivityAttendee[]): Promise<void> {
    await db.deleteFrom('activity_attendees').where('activity_id', '=', id).execute();
    const unique = [...new Map(attendees.map((attendee) => [attendee.id, attendee])).values()];
    if (unique.length === 0) return;
    await db
      .insertInto('activity_attendees')
      .values(
        unique.map((attendee, position) => ({
          activity_id: id,
          doctor_id: attendee.id,
          name: attendee.name,
          position,
        })),
      )
      .execute();
  }
}
