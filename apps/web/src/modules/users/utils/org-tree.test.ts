import type { OrgChartUser } from '@crm/shared';
import { describe, expect, it } from 'vitest';
import { buildOrgTree, parentKeys, searchOrgTree } from './org-tree';

const user = (id: string, managerId: string | null, firstName = id.toUpperCase()): OrgChartUser => ({
  id,
  email: `${id}@labo.fr`,
  firstName,
  lastName: 'Test',
  displayName: null,
  isAdmin: false,
  readWrite: true,
  managerId,
});

describe('the org chart tree', () => {
  const users = [user('a', null), user('b', 'a'), user('c', 'b', 'Hélène'), user('d', null), user('e', 'gone')];

  it('puts users under their manager; no manager, or one not listed, makes a root', () => {
    const tree = buildOrgTree(users);
    expect(tree.map((node) => node.key)).toEqual(['a', 'd', 'e']);
    expect(tree[0]?.children[0]?.key).toBe('b');
    expect(tree[0]?.children[0]?.children[0]?.key).toBe('c');
    expect(parentKeys(tree)).toEqual(['a', 'b']);
  });

  it('finds users by name or address, accents ignored, and opens their managers', () => {
    const { matches, expanded } = searchOrgTree(users, 'helene');
    expect([...matches]).toEqual(['c']);
    expect(expanded.sort()).toEqual(['a', 'b']);
    expect([...searchOrgTree(users, 'd@labo').matches]).toEqual(['d']);
    expect(searchOrgTree(users, '  ').matches.size).toBe(0);
  });

  it('survives a loop in the data', () => {
    const looped = [user('x', 'y'), user('y', 'x')];
    expect(() => buildOrgTree(looped)).not.toThrow();
    expect(() => searchOrgTree(looped, 'x')).not.toThrow();
  });
});
