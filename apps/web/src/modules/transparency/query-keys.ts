/**
 * Every key starts with 'transparency': one invalidation refreshes a doctor's year and conventions after a
 * write, and the administrators' semester after an export.
 */
export const transparencyKeys = {
  all: ['transparency'] as const,
  doctor: (doctorId: string) => [...transparencyKeys.all, 'doctor', doctorId] as const,
  /** The doctor's benefits of a year and the year's totals, with the device's waiting ones. */
  year: (doctorId: string, year: number) => [...transparencyKeys.doctor(doctorId), 'year', year] as const,
  conventions: (doctorId: string) => [...transparencyKeys.doctor(doctorId), 'conventions'] as const,
  semesters: () => [...transparencyKeys.all, 'semester'] as const,
  semester: (semester: string, page: number) => [...transparencyKeys.semesters(), semester, page] as const,
};
