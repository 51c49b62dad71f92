/** Every key starts with 'consents' and the doctor: one invalidation refreshes a doctor's current consent and history. */
export const consentKeys = {
  all: ['consents'] as const,
  doctor: (doctorId: string) => [...consentKeys.all, doctorId] as const,
  current: (doctorId: string) => [...consentKeys.doctor(doctorId), 'current'] as const,
  history: (doctorId: string) => [...consentKeys.doctor(doctorId), 'history'] as const,
  /** The doctor as the consent screen names them: the server's, or offline the device's copy. */
  doctorRecord: (doctorId: string) => [...consentKeys.doctor(doctorId), 'doctor'] as const,
  /** A record's signature: records never change, so neither does it. */
  image: (doctorId: string, consentId: string) => [...consentKeys.doctor(doctorId), 'image', consentId] as const,
};
