type Named = { firstName: string; lastName: string };

/** "Jean Martin": what the activity form receives as doctorName. */
export function doctorFullName(doctor: Named): string {
  return `${doctor.firstName} ${doctor.lastName}`.trim();
}

/** "JM", for the avatar. */
export function doctorInitials(doctor: Named): string {
  return `${doctor.firstName.charAt(0)}${doctor.lastName.charAt(0)}`.toUpperCase();
}
