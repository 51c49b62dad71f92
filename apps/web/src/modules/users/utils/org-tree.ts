import { normalizeForSearch, type OrgChartUser } from '@crm/shared';

export type OrgNode = { key: string; user: OrgChartUser; children: OrgNode[] };

/**
 * The manager hierarchy as a forest: users without a manager (or whose manager is not in the list) are roots;
 * each level sorted as the list came (by name). A loop in the data, which the server refuses, would leave its
 * users out rather than hang.
 */
export function buildOrgTree(users: readonly OrgChartUser[]): OrgNode[] {
  const byId = new Map(users.map((user) => [user.id, user]));
  const childrenOf = new Map<string, OrgChartUser[]>();
  const roots: OrgChartUser[] = [];
  for (const user of users) {
    if (user.managerId !== null && byId.has(user.managerId) && user.managerId !== user.id) {
      const list = childrenOf.get(user.managerId) ?? [];
      list.push(user);
      childrenOf.set(user.managerId, list);
    } else {
      roots.push(user);
    }
  }
  const seen = new Set<string>();
  const build = (user: OrgChartUser): OrgNode => {
    seen.add(user.id);
    const children = (childrenOf.get(user.id) ?? []).filter((child) => !seen.has(child.id)).map(build);
    return { key: user.id, user, children };
  };
  return roots.map(build);
}

/** The ids of the users matching the search (name or e-mail, accents and case ignored) and of their managers up to the top. */
export function searchOrgTree(
  users: readonly OrgChartUser[],
  search: string,
): { matches: Set<string>; expanded: string[] } {
  const terms = normalizeForSearch(search).split(' ').filter(Boolean);
  const matches = new Set<string>();
  if (terms.length === 0) return { matches, expanded: [] };
  for (const user of users) {
    const text = ` ${normalizeForSearch([user.firstName, user.lastName, user.displayName, user.email].filter(Boolean).join(' '))}`;
    if (terms.every((term) => text.includes(` ${term}`))) matches.add(user.id);
  }
  const managerOf = new Map(users.map((user) => [user.id, user.managerId]));
  const expanded = new Set<string>();
  for (const id of matches) {
    let manager = managerOf.get(id) ?? null;
    for (let depth = 0; manager !== null && depth < users.length && !expanded.has(manager); depth += 1) {
      expanded.add(manager);
      manager = managerOf.get(manager) ?? null;
    }
  }
  return { matches, expanded: [...expanded] };
}

/** Every node that has children: 'expand all'. */
export function parentKeys(nodes: readonly OrgNode[]): string[] {
  return nodes.flatMap((node) => (node.children.length > 0 ? [node.key, ...parentKeys(node.children)] : []));
}
