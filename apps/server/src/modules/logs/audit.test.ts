import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, type AuditAction, type AuditEntityType } from '@crm/shared';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { auditUser, changedFields } from './audit.ts';
import type { AuditEntry } from './logs.repository.ts';

describe('changedFields', () => {
  it('lists only the fields whose value changed, with before and after', () => {
    expect(changedFields({ id: '1', name: 'Martin', city: 'Lyon' }, { id: '1', name: 'Martín', city: 'Lyon' })).toEqual(
      { name: { before: 'Martin', after: 'Martín' } },
    );
  });

  it('answers nothing when nothing changed', () => {
    expect(changedFields({ a: 1, b: null }, { a: 1, b: null })).toEqual({});
  });

  it('leaves out updatedAt and updatedBy, which every change moves', () => {
    expect(
      changedFields(
        { phone: null, updatedAt: '2026-01-01T00:00:00.000Z', updatedBy: 'a@test-crm.fr' },
        { phone: '0102030405', updatedAt: '2026-01-02T00:00:00.000Z', updatedBy: 'b@test-crm.fr' },
      ),
    ).toEqual({ phone: { before: null, after: '0102030405' } });
  });

  it('tells null, an empty string, zero and false apart', () => {
    expect(changedFields({ a: null, b: 0, c: false }, { a: '', b: false, c: 0 })).toEqual({
      a: { before: null, after: '' },
      b: { before: 0, after: false },
      c: { before: false, after: 0 },
    });
  });

  it('compares arrays and objects by content, arrays in order', () => {
    const products = [{ productId: 'p1', quantity: 2 }];
    expect(
      changedFields(
        { products, attendees: ['d1', 'd2'], place: { lat: 1, lng: 2 } },
        { products: [{ quantity: 2, productId: 'p1' }], attendees: ['d1', 'd2'], place: { lat: 1, lng: 2 } },
      ),
    ).toEqual({});
    expect(changedFields({ attendees: ['d1', 'd2'] }, { attendees: ['d2', 'd1'] })).toEqual({
      attendees: { before: ['d1', 'd2'], after: ['d2', 'd1'] },
    });
  });

  it('counts a field present on one side only as changed', () => {
    expect(changedFields({ a: 1, gone: 'x' }, { a: 1, added: 'y' })).toEqual({
      gone: { before: 'x', after: undefined },
      added: { before: undefined, after: 'y' },
    });
  });
});

describe('auditUser', () => {
  it('keeps the id and email of the caller only', () => {
    expect(
      auditUser({ user: { id: 'u1', email: 'rep@test-crm.fr', isAdmin: true } as { id: string; email: string } }),
    ).toEqual({ id: 'u1', email: 'rep@test-crm.fr' });
  });
});

describe('the audit writer', () => {
  // Checked by the typecheck (npm run typecheck): the writer takes the closed lists' words only, so an action
  // misspelt in a service fails before it reaches the log.
  it('takes the actions and entity types of the closed lists, and no other word', () => {
    expectTypeOf<AuditEntry['action']>().toEqualTypeOf<AuditAction>();
    expectTypeOf<AuditEntry['entityType']>().toEqualTypeOf<AuditEntityType>();
    const entries: AuditEntry[] = [
      { action: 'update_targets', entityType: 'doctor', user: null },
      // @ts-expect-error: 'update_target' is not an audit action.
      { action: 'update_target', entityType: 'doctor', user: null },
      // @ts-expect-error: 'doctors' is not an audit entity type.
      { action: 'update', entityType: 'doctors', user: null },
    ];
    expect(entries.filter((entry) => (AUDIT_ACTIONS as readonly string[]).includes(entry.action))).toHaveLength(2);
    expect(
      entries.filter((entry) => (AUDIT_ENTITY_TYPES as readonly string[]).includes(entry.entityType)),
    ).toHaveLength(2);
  });
});
