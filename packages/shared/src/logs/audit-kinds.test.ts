import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITY_TYPES,
  type AuditAction,
  type AuditEntityType,
  isAuditAction,
  isAuditEntityType,
} from './audit-kinds.ts';
import { LOG_CLEAR_ACTION, LOG_ENTITY_TYPE } from './logs.schemas.ts';

describe('the audit log’s closed lists', () => {
  it('name each action and entity type once, in the stored snake_case words', () => {
    for (const list of [AUDIT_ACTIONS, AUDIT_ENTITY_TYPES]) {
      expect(new Set(list).size).toBe(list.length);
      for (const word of list) expect(word).toMatch(/^[a-z]+(_[a-z]+)*$/);
    }
  });

  it('hold the clearing’s own entry', () => {
    expectTypeOf(LOG_CLEAR_ACTION).toEqualTypeOf<'clear'>();
    expectTypeOf(LOG_ENTITY_TYPE).toEqualTypeOf<'audit_log'>();
    expect(AUDIT_ACTIONS).toContain(LOG_CLEAR_ACTION);
    expect(AUDIT_ENTITY_TYPES).toContain(LOG_ENTITY_TYPE);
  });

  it('tell a stored word of today’s lists from another version’s', () => {
    expect(isAuditAction('update_targets')).toBe(true);
    expect(isAuditAction('set_password')).toBe(false);
    expect(isAuditEntityType('campaign_template')).toBe(true);
    expect(isAuditEntityType('template')).toBe(false);
    const word: string = 'login';
    if (isAuditAction(word)) expectTypeOf(word).toEqualTypeOf<AuditAction>();
    if (isAuditEntityType(word)) expectTypeOf(word).toEqualTypeOf<AuditEntityType>();
  });
});
