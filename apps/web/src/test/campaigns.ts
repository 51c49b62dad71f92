import type { Campaign, CampaignTemplate, DoctorsWithConsentList, EligibleDoctor } from '@crm/shared';

/** Campaign test data shaped like the API's answers. */

export const campaignId = (n: number) => `0190a0c4-0000-7000-8000-${String(n).padStart(12, '0')}`;

export function template(overrides: Partial<CampaignTemplate> = {}): CampaignTemplate {
  return {
    id: 'general-update',
    name: 'General update',
    subject: 'News from your representative',
    type: 'general',
    description: 'Share general news with doctors.',
    content: '<p>Dear {{doctorName}},</p><p>Here is the latest news.</p>',
    createdAt: '2026-01-01T00:00:00.000Z',
    isBuiltIn: true,
    ...overrides,
  };
}

/** The four built-in templates as the server answers them in English. */
export const BUILT_IN_TEMPLATES: CampaignTemplate[] = [
  template({
    id: 'new-medicine',
    name: 'New medicine',
    type: 'medicine',
    subject: 'A new treatment for your patients',
    description: 'Introduce a new treatment to the doctors it concerns.',
  }),
  template({
    id: 'congress-invitation',
    name: 'Congress invitation',
    type: 'congress',
    subject: 'Invitation: {{eventName}}',
    description: 'Invite doctors to a medical congress.',
    content:
      '<p>Dear {{doctorName}},</p><p><strong>{{eventName}}</strong>: {{eventDate}}, {{eventLocation}}, {{eventTopics}}</p>',
  }),
  template({
    id: 'pharma-event',
    name: 'Laboratory event',
    type: 'pharma',
    subject: '{{eventName}} – {{eventDate}}',
    description: 'Announce a scientific evening or a workshop of the laboratory.',
  }),
  template(),
];

export function eligibleDoctor(n: number, overrides: Partial<EligibleDoctor> = {}): EligibleDoctor {
  return {
    id: campaignId(100 + n),
    firstName: `Prénom${n}`,
    lastName: `Nom${n}`,
    primarySpecialty: 'Cardiology',
    email: `medecin${n}@exemple.fr`,
    rpps: `1000000${String(n).padStart(4, '0')}`,
    signature: {
      id: campaignId(500 + n),
      professionalConsent: true,
      professional_consent: true,
      congressConsent: true,
      congress_consent: true,
      generalConsent: true,
      general_consent: true,
      signatureDate: '2026-11-02T10:00:00.000Z',
      signature_date: '2026-11-02T10:00:00.000Z',
    },
    ...overrides,
  };
}

/** One page of the eligible doctors: `count` doctors numbered from `first`, out of `total`. */
export function eligiblePage(first: number, count: number, total = count): DoctorsWithConsentList {
  return {
    doctors: Array.from({ length: count }, (_, index) => eligibleDoctor(first + index)),
    total,
    pages: Math.ceil(total / 20),
  };
}

export function campaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: campaignId(1),
    name: 'Rentrée 2026',
    templateId: 'general-update',
    templateName: 'General update',
    templateType: 'general',
    status: 'sent',
    recipientCount: 10,
    sentCount: 8,
    failedCount: 1,
    skippedCount: 1,
    skipped: { notFound: 0, noEmail: 0, noConsent: 1, withdrawn: 0 },
    createdAt: '2026-11-20T09:10:00.000Z',
    sentAt: '2026-11-20T09:15:00.000Z',
    senderEmail: 'rep@demo-crm.fr',
    ...overrides,
  };
}
