/** The doctors' query keys, apart from their queries so the offices' mutations can invalidate them. */

export type DoctorSearchParams = { search: string; page: number; limit: number };
export type DoctorPickerParams = { search: string; limit: number };

export const doctorKeys = {
  all: ['doctors'] as const,
  searches: () => [...doctorKeys.all, 'search'] as const,
  search: (params: DoctorSearchParams) => [...doctorKeys.searches(), params] as const,
  pickers: () => [...doctorKeys.all, 'picker'] as const,
  picker: (params: DoctorPickerParams) => [...doctorKeys.pickers(), params] as const,
  details: () => [...doctorKeys.all, 'detail'] as const,
  detail: (id: string) => [...doctorKeys.details(), id] as const,
  recent: () => ['recent-doctors'] as const,
  recentList: () => [...doctorKeys.recent(), 'list'] as const,
};
