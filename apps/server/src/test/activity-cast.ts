import { type Call, callerFor } from './callers.ts';
import type { TestApp } from './harness.ts';

export type ActivityCast = Awaited<ReturnType<typeof activityCast>>;

/** An ISO time `days` days from now, at a whole hour. */
export function inDays(days: number, hour = 10): string {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
}

/**
 * The cast of the activity tests: a manager of two representatives, a representative with no manager and
 * their own manager, an admin who manages nobody; products (two assigned to the first representative, one
 * not, one inactive), the seeded channels, a doctor.
 */
export async function activityCast(t: TestApp) {
  const { factory } = t;
  const manager = await factory.user({ email: `manager.${suffix()}@t.fr`, firstName: 'Marc', lastName: 'Manager' });
  const rep = await factory.user({
    email: `rep.${suffix()}@t.fr`,
    firstName: 'Rémi',
    lastName: 'Représentant',
    managerId: manager.id,
  });
  const colleague = await factory.user({ email: `colleague.${suffix()}@t.fr`, managerId: manager.id });
  const otherManager = await factory.user({ email: `other-manager.${suffix()}@t.fr` });
  const stranger = await factory.user({ email: `stranger.${suffix()}@t.fr`, managerId: otherManager.id });
  const admin = await factory.user({ email: `admin.${suffix()}@t.fr`, isAdmin: true });
  const products = {
    cardio: await factory.product({ name: `Cardiovex ${suffix()}` }),
    neuro: await factory.product({ name: `Neurolan ${suffix()}` }),
    unassigned: await factory.product({ name: `Dermacalm ${suffix()}` }),
    inactive: await factory.product({ name: `Oldamine ${suffix()}`, active: false }),
  };
  await factory.assignProducts(rep.id, [products.cardio.id, products.neuro.id, products.inactive.id]);
  const channels = {
    faceToFace: await factory.channelByName('Face to face'),
    call: await factory.channelByName('Call'),
    event: await factory.channelByName('Event'),
    timeOff: await factory.channelByName('Time-off'),
  };
  const doctor = await factory.doctor({ firstName: 'Hélène', lastName: 'Vidal' });
  const as = (user: { email: string; password: string }): Promise<Call> => callerFor(t, user);
  return {
    users: { manager, rep, colleague, otherManager, stranger, admin },
    api: {
      manager: await as(manager),
      rep: await as(rep),
      colleague: await as(colleague),
      otherManager: await as(otherManager),
      stranger: await as(stranger),
      admin: await as(admin),
    },
    products,
    channels,
    doctor,
    /** A valid new call for the representative, tomorrow at 10:00. */
    validCall: (overrides: Record<string, unknown> = {}) => ({
      channelId: channels.call.id,
      title: 'Présentation Cardiovex',
      start: inDays(1),
      duration: 60,
      productIds: [products.cardio.id],
      acknowledgeRules: true,
      ...overrides,
    }),
  };
}

let counter = 0;
const suffix = () => {
  counter += 1;
  return `${counter}${Math.random().toString(36).slice(2, 6)}`;
};
