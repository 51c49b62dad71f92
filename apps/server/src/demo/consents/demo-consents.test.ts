import { describe, expect, it } from 'vitest';
import { consentRecordHash, sha256Hex } from '#server/modules/consents/consent-hash.ts';
import type { ConsentRecordsTable } from '#server/db/schema.ts';
import { DEMO_CONSENTS, generateDemoConsents, type ConsentDoctor } from './demo-consents.ts';

const NOW = new Date('2026-11-25T10:00:00.000Z');
const doctors: ConsentDoctor[] = Array.from({ length: 600 }, (_, index) => ({
  id: `doctor-${String(index).padStart(3, '0')}`,
  rpps: String(10_000_000_000 + index),
  first_name: 'Hélène',
  last_name: `Vidal ${index}`,
  email: index % 5 < 3 ? `dr${index}@example.fr` : null,
  phone: '06 12 34 56 78',
}));
const collectors = [
  { id: 'rep', email: 'rep@demo-crm.fr', display_name: 'Rep', weight: 5 },
  { id: 'reader', email: 'reader@demo-crm.fr', display_name: 'Reader', weight: 3 },
  { id: 'manager', email: 'manager@demo-crm.fr', display_name: 'Manager', weight: 2 },
  { id: 'admin', email: 'demo@demo-crm.fr', display_name: 'Admin', weight: 1 },
];

const rows = generateDemoConsents({ doctors, collectors, now: NOW });
const byDoctor = new Map<string, ConsentRecordsTable[]>();
for (const row of rows) byDoctor.set(row.doctor_id, [...(byDoctor.get(row.doctor_id) ?? []), row]);
const current = [...byDoctor.values()].map((chain) => chain.at(-1) as ConsentRecordsTable);
const givesAny = (row: ConsentRecordsTable) =>
  row.professional_consent + row.congress_consent + row.general_consent > 0;

describe('the demo consents', () => {
  it('are given by a good share of the doctors with an e-mail, and a few without', () => {
    const withEmail = doctors.filter((doctor) => doctor.email !== null).length;
    const consenting = doctors.filter((doctor) => doctor.email !== null && byDoctor.has(doctor.id)).length;
    expect(consenting / withEmail).toBeGreaterThan(DEMO_CONSENTS.withEmailShare - 0.1);
    expect(consenting / withEmail).toBeLessThan(DEMO_CONSENTS.withEmailShare + 0.1);
    const withoutEmail = doctors.filter((doctor) => doctor.email === null && byDoctor.has(doctor.id));
    expect(withoutEmail.length).toBeGreaterThan(0);
    // They gave an address with their consent, which campaigns use.
    for (const doctor of withoutEmail) expect(byDoctor.get(doctor.id)?.[0]?.email).toMatch(/@/);
  });

  it('chain each doctor’s records as the service does, with the image hashes of their bytes', () => {
    for (const chain of byDoctor.values()) {
      for (const [index, row] of chain.entries()) {
        expect(row.seq).toBe(index + 1);
        expect(row.previous_hash).toBe(index === 0 ? null : chain[index - 1]?.record_hash);
        const { signature_image: image, record_hash: hash, ...fields } = row;
        expect(consentRecordHash(fields)).toBe(hash);
        expect(image === null ? null : sha256Hex(image)).toBe(row.image_sha256);
        expect(row.recorded_at >= row.signed_at).toBe(true);
        expect(Date.parse(row.recorded_at)).toBeLessThanOrEqual(NOW.getTime());
      }
    }
  });

  it('include withdrawals (whole and partial), new signatures, refusals, and consents of this month', () => {
    const withdrawals = rows.filter((row) => row.kind === 'withdrawal');
    expect(withdrawals.filter((row) => !givesAny(row)).length).toBeGreaterThan(5);
    expect(withdrawals.filter(givesAny).length).toBeGreaterThan(0);
    expect(withdrawals.every((row) => row.signature_image === null && row.withdrawal_reason !== null)).toBe(true);
    expect(
      [...byDoctor.values()].filter((chain) => chain.filter((row) => row.kind === 'signature').length > 1).length,
    ).toBeGreaterThan(5);
    expect(current.filter((row) => row.kind === 'signature' && !givesAny(row)).length).toBeGreaterThan(0);
    expect(current.filter((row) => Date.parse(row.signed_at) > NOW.getTime() - 21 * 86_400_000).length).toBeGreaterThan(
      5,
    );
    // Most current consents give professional communication: the campaigns' most common need.
    expect(current.filter((row) => row.professional_consent === 1).length).toBeGreaterThan(current.length / 2);
  });

  it('are collected by every demo account, the representatives most', () => {
    const count = (id: string) => rows.filter((row) => row.collected_by === id).length;
    expect(count('admin')).toBeGreaterThan(0);
    expect(count('rep')).toBeGreaterThan(count('manager'));
    expect(count('reader')).toBeGreaterThan(count('admin'));
  });

  it('are the same for the same doctors, accounts and day', () => {
    const again = generateDemoConsents({ doctors, collectors, now: NOW });
    const comparable = (list: ConsentRecordsTable[]) =>
      list.map(({ doctor_id, seq, kind, signed_at, image_sha256, collected_by }) => [
        doctor_id,
        seq,
        kind,
        signed_at,
        image_sha256,
        collected_by,
      ]);
    expect(comparable(again)).toEqual(comparable(rows));
  });
});
