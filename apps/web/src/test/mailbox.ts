import type { Email, EmailStats, EmailSummary } from '@crm/shared';

/** Mailbox test data shaped like the API's answers. */

export const MANAGER = { email: 'manager@demo-crm.fr', displayName: 'Hélène Bernard' };

export const mailId = (n: number) => `0190a0c4-0000-7000-8000-${String(n).padStart(12, '0')}`;

export function emailSummary(overrides: Partial<EmailSummary> = {}): EmailSummary {
  return {
    id: mailId(1),
    subject: 'Point secteur',
    preview: 'Réunion jeudi à 9 h.',
    sender: MANAGER,
    recipients: ['rep@demo-crm.fr'],
    isRead: true,
    createdAt: '2026-11-20T09:30:00.000Z',
    folder: 'inbox',
    originFolder: 'inbox',
    hasAttachments: false,
    isReply: false,
    ...overrides,
  };
}

/** The detail of a message: the summary's fields without the list's, with a body. */
export function email(overrides: Partial<Email> = {}): Email {
  const { preview: _preview, hasAttachments: _attachments, isReply: _reply, ...summary } = emailSummary();
  return {
    ...summary,
    body: '<p>Bonjour Julien, <strong>réunion jeudi</strong> à 9 h.</p>',
    parentEmail: null,
    attachments: [],
    ...overrides,
  };
}

export function emailStats(overrides: Partial<EmailStats> = {}): EmailStats {
  return { inbox: 2, sent: 1, bin: 0, unreadCount: 1, ...overrides };
}
