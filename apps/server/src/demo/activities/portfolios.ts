import { DEMO_PRODUCTS } from './catalogue.ts';
import type { DoctorRef, ProductRef } from './activity-rows.ts';

/** The catalogue entry of a product by its stored name (products added by an administrator have none). */
export function productRef(product: { id: string; name: string }): ProductRef {
  const known = DEMO_PRODUCTS.find((entry) => entry.name === product.name);
  return {
    id: product.id,
    brand: known?.brand ?? product.name.split(' ')[0] ?? product.name,
    specialty: known?.specialty ?? '',
    theme: known?.theme ?? product.name,
  };
}

/** `count` products out of the list, starting at `offset` (so neighbours sell overlapping ranges). */
export function productSelection<T>(products: readonly T[], offset: number, count: number): T[] {
  if (products.length === 0) return [];
  return Array.from(
    { length: Math.min(count, products.length) },
    (_, index) => products[(offset + index) % products.length] as T,
  );
}

/**
 * Doctors in the order of their office's postal code (those without an office last), so that a window of
 * them is a territory of a few neighbouring départements. Stable: ties keep the given order.
 */
export function byTerritory(doctors: readonly DoctorRef[]): DoctorRef[] {
  const key = (doctor: DoctorRef) => doctor.office?.postalCode ?? '~';
  return [...doctors].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** `size` doctors of one territory from `start` in a list ordered by territory (wrapping around). */
export function territory(doctors: readonly DoctorRef[], start: number, size: number): DoctorRef[] {
  if (doctors.length <= size) return [...doctors];
  return Array.from({ length: size }, (_, index) => doctors[(start + index) % doctors.length] as DoctorRef);
}
