import { beforeEach, describe, expect, it } from 'vitest';
import { activity } from '@/modules/activities/test/fixtures';
import { slicePlan } from '@/modules/cycles/test/slice-plans';
import { openOfflineDb } from '@/offline/store/db';
import { forgetCachedRecords } from '@/offline/store/forget-user';
import { readPlans, storePlans } from '@/offline/store/plan-store';
import { freshOfflineStore } from '@/offline/store/test-store';
import { doctor } from '@/test/directory';

const A = 'user-a';
const A_TOO = 'user-a2';
const B = 'user-b';
const id = (n: number) => `0190a0c4-0000-7000-8000-${String(n).padStart(12, '0')}`;

beforeEach(async () => {
  await freshOfflineStore();
});

async function keysOf(store: 'activities' | 'doctors' | 'signatures') {
  const db = await openOfflineDb();
  return (await db.getAllKeys(store)).map(([owner, key]) => `${owner}/${key}`).sort();
}

describe('forgetting a user on the device', () => {
  it('deletes every cached record of theirs, bookkeeping and plans included, but the copies kept and nobody else’s', async () => {
    const db = await openOfflineDb();
    for (const owner of [A, A_TOO, B]) {
      for (const n of [1, 2, 3]) await db.put('activities', { ...activity({ id: id(n) }), owner });
      await db.put('activities', { owner, id: '__slice:activities', cursor: 'c', complete: true });
      await storePlans(owner, [slicePlan()]);
      await db.put('doctors', { ...doctor({ id: id(9) }), owner });
      await db.put('signatures', { owner, doctorId: id(9), signatureImage: 'data:' });
    }

    await forgetCachedRecords(A, new Set([id(2)]));

    expect(await keysOf('activities')).toEqual(
      [
        `${A}/${id(2)}`,
        ...[A_TOO, B].flatMap((owner) =>
          [1, 2, 3].map((n) => `${owner}/${id(n)}`).concat(`${owner}/__slice:activities`, `${owner}/__slice:plans`),
        ),
      ].sort(),
    );
    expect(await keysOf('doctors')).toEqual([`${A_TOO}/${id(9)}`, `${B}/${id(9)}`]);
    expect(await keysOf('signatures')).toEqual([`${A_TOO}/${id(9)}`, `${B}/${id(9)}`]);
    expect(await db.get('activities', [A, id(2)])).toMatchObject({ id: id(2), owner: A, title: 'Visite Dr Martin' });
    expect(await readPlans(A)).toBeNull();
  });
});
