import { type APIRequestContext, expect } from '@playwright/test';
import { DEMO_PASSWORD } from './helpers';

const REP = 'rep@demo-crm.fr';

type Doctor = { id: string; firstName: string; lastName: string; primaryOffice: { id: string; name: string } | null };
export type WaitingActivity = {
  id: string;
  title: string;
  doctor: Doctor & { primaryOffice: { id: string; name: string } };
};

let counter = 0;
const uniqueTitle = (what: string) => {
  counter += 1;
  return `${what} ${Date.now().toString(36)}${counter}`;
};

/** The representative's budget request, made through the API: an Event with a budget, a doctor and an office. */
export async function createWaitingActivity(request: APIRequestContext): Promise<WaitingActivity> {
  const login = await request.post('/api/auth/login', { data: { email: REP, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };

  const channels = (await (await request.get('/api/configuration/channels/active', { headers })).json()) as {
    channels: { id: string; needsBudgetApproval: boolean }[];
  };
  const event = channels.channels.find((channel) => channel.needsBudgetApproval);
  const products = (await (await request.get('/api/auth/me/products', { headers })).json()) as {
    products: { id: string }[];
  };
  const doctors = (await (await request.get('/api/doctors?search=ma&limit=20', { headers })).json()) as {
    doctors: Doctor[];
  };
  const doctor = doctors.doctors.find((known) => known.primaryOffice !== null);
  if (event === undefined || doctor?.primaryOffice == null) throw new Error('demo data without event or doctor');

  const title = uniqueTitle('Congress dinner');
  // Next week, early in the morning: no demo activity is there.
  const start = new Date(Date.now() + 7 * 24 * 3600 * 1000);
  start.setUTCHours(5, 0, 0, 0);
  const response = await request.post('/api/activities', {
    headers,
    data: {
      channelId: event.id,
      title,
      start: start.toISOString(),
      duration: 60,
      productIds: products.products.slice(0, 1).map((product) => product.id),
      doctorId: doctor.id,
      doctorName: `${doctor.firstName} ${doctor.lastName}`,
      officeId: doctor.primaryOffice.id,
      location: doctor.primaryOffice.name,
      budgetEstimate: 480.5,
      acknowledgeRules: true,
    },
  });
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  return { id, title, doctor: { ...doctor, primaryOffice: doctor.primaryOffice } };
}
