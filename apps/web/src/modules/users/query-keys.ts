export type UserListParams = { search: string; page: number; limit: number };
export type CandidateKind = 'manager' | 'managee';

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (params: UserListParams) => [...userKeys.lists(), params] as const,
  orgChart: () => [...userKeys.all, 'org-chart'] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (id: string) => [...userKeys.details(), id] as const,
  candidates: (id: string, kind: CandidateKind, search: string) =>
    [...userKeys.detail(id), 'candidates', kind, search] as const,
  products: () => [...userKeys.all, 'products'] as const,
};
