import type {
  CampaignRecipientsTable,
  CampaignsTable,
  CampaignTemplatesTable,
  EmailAttachmentsTable,
  EmailCopiesTable,
  EmailsTable,
} from '#server/db/schema.ts';
import { CampaignsRepository } from '#server/modules/campaigns/campaigns.repository.ts';
import { AttachmentsRepository } from '#server/modules/mailbox/attachments.repository.ts';
import { MailboxRepository } from '#server/modules/mailbox/mailbox.repository.ts';
import { queriesOf, type RepositoryQueries } from './calls.ts';
import { at, ids } from './samples.ts';

/** The mailbox's and the campaigns' repositories, kept apart from registry.ts so their changes stay together. */

const mail = { email: 'email-1', copy: 'copy-1', otherCopy: 'copy-2', attachment: 'attachment-1' } as const;

const emailRow: EmailsTable = {
  id: mail.email,
  sender_id: ids.user,
  sender_email: 'rep@example.fr',
  sender_name: 'Marie Dupont',
  subject: 'Réunion',
  body: '<p>Bonjour</p>',
  body_text: 'Bonjour',
  search_text: 'reunion rep example fr marie dupont bonjour',
  recipients: '["manager@example.fr"]',
  parent_email_id: null,
  has_attachments: 0,
  created_at: at,
};

const copyRow: EmailCopiesTable = {
  id: mail.copy,
  email_id: mail.email,
  owner_id: ids.user,
  folder: 'sent',
  origin_folder: 'sent',
  is_read: 1,
  created_at: at,
};

const attachmentRow: EmailAttachmentsTable = {
  id: mail.attachment,
  email_id: null,
  uploader_id: ids.user,
  file_name: 'notes.txt',
  content_type: 'text/plain',
  size: 5,
  sha256: '0'.repeat(64),
  data: Buffer.from('notes'),
  created_at: at,
};

const inbox = { ownerId: ids.user, folder: 'inbox', terms: [] } as const;
const searched = { ownerId: ids.user, folder: 'inbox', terms: ['reunion', 'lyon'] } as const;

const campaign = { id: 'campaign-1', template: 'template-1', recipient: 'recipient-1' } as const;

const templateRow: CampaignTemplatesTable = {
  id: campaign.template,
  owner_id: ids.user,
  name: 'Soirée',
  type: 'event',
  description: 'Invitation',
  subject: 'Soirée {{eventName}}',
  content: '<p>Bonjour {{doctorName}}</p>',
  created_at: at,
};

const campaignRow: CampaignsTable = {
  id: campaign.id,
  owner_id: ids.user,
  owner_email: 'rep@example.fr',
  sender_name: 'Marie Dupont',
  name: 'Lancement',
  template_id: 'new-medicine',
  template_name: 'Nouveau médicament',
  template_type: 'medicine',
  language: 'fr',
  subject: 'Un nouveau traitement',
  content: '<p>Bonjour {{doctorName}}</p>',
  event_name: null,
  event_date: null,
  event_location: null,
  event_topics: null,
  status: 'sending',
  recipient_count: 1,
  skipped: '{}',
  sent_count: 0,
  failed_count: 0,
  claimed_by: null,
  claimed_until: null,
  created_at: at,
  sent_at: null,
};

const recipientRow: CampaignRecipientsTable = {
  id: campaign.recipient,
  campaign_id: campaign.id,
  doctor_id: ids.doctor,
  status: 'pending',
  skip_reason: null,
  outbox_id: null,
  unsubscribed_at: null,
};

export const mailRegistry: RepositoryQueries[] = [
  queriesOf(MailboxRepository, {
    insertEmail: { args: () => [emailRow] },
    insertCopies: { args: () => [[copyRow]] },
    adjustCounts: { args: () => [ids.user, { inbox: 1, sent: 0, bin: 0, unread: 1 }] },
    counts: { args: () => [ids.user] },
    page: [
      { shape: 'a folder', args: () => [{ ...inbox, terms: [] }, 50, 50] },
      {
        shape: 'a folder searched for two words, from the messages the index found',
        args: () => [{ ...searched, terms: ['reunion', 'lyon'] }, 0, 50, [1, 2, 3]],
        engines: ['sqlite'],
      },
      {
        shape: 'a folder searched for a word and a two-letter one, from the messages the index found',
        args: () => [{ ...searched, terms: ['lyon', '2b'] }, 0, 50, [1, 2, 3]],
        engines: ['sqlite'],
      },
      {
        shape: 'a folder searched for words without the index (PostgreSQL, or too many messages found)',
        args: () => [{ ...searched, terms: ['reunion', 'lyon'] }, 0, 50],
      },
      { shape: 'a folder searched for two-letter words only', args: () => [{ ...searched, terms: ['ly'] }, 0, 50] },
    ],
    count: [
      {
        shape: 'a folder searched for two words, from the messages the index found',
        args: () => [{ ...searched, terms: ['reunion', 'lyon'] }, [1, 2, 3]],
        rows: [{ count: 12 }],
        engines: ['sqlite'],
      },
      {
        shape: 'a folder searched for a word and a two-letter one, from the messages the index found',
        args: () => [{ ...searched, terms: ['lyon', '2b'] }, [1, 2, 3]],
        rows: [{ count: 12 }],
        engines: ['sqlite'],
      },
      {
        shape: 'a folder searched for words without the index (PostgreSQL, or too many messages found)',
        args: () => [{ ...searched, terms: ['reunion', 'lyon'] }],
        rows: [{ count: 12 }],
      },
      {
        shape: 'a folder searched for two-letter words only',
        args: () => [{ ...searched, terms: ['ly'] }],
        rows: [{ count: 0 }],
      },
    ],
    indexedMessages: [
      { shape: 'two words', args: () => [['reunion', 'lyon']], rows: [{ rowid: 1 }], engines: ['sqlite'] },
      {
        shape: 'a word and a two-letter one',
        args: () => [['lyon', '2b']],
        rows: [{ rowid: 1 }],
        engines: ['sqlite'],
      },
    ],
    ownCopy: { args: () => [ids.user, mail.copy] },
    ownCopies: { args: () => [ids.user, [mail.copy, mail.otherCopy]] },
    parent: { args: () => [mail.email] },
    usersByEmail: { args: () => [['manager@example.fr', 'rep@example.fr']] },
    setRead: { args: () => [ids.user, [mail.copy, mail.otherCopy], true] },
    move: [
      { shape: 'into the bin', args: () => [ids.user, [mail.copy], 'bin'] },
      { shape: 'out of the bin, to where it came from', args: () => [ids.user, [mail.copy], 'origin'] },
    ],
    deleteFromBin: { args: () => [ids.user, [mail.copy]] },
    deleteUnheld: { args: () => [[mail.email]] },
  }),
  queriesOf(AttachmentsRepository, {
    insert: { args: () => [attachmentRow] },
    ofEmail: { args: () => [mail.email] },
    readableBy: { args: () => [ids.user, mail.attachment] },
    unsent: { args: () => [ids.user, [mail.attachment]] },
    attach: { args: () => [ids.user, [mail.attachment], mail.email] },
    deleteUnsentBefore: { args: () => [ids.user, at] },
  }),
  queriesOf(CampaignsRepository, {
    templatesOf: { args: () => [ids.user] },
    templateOf: { args: () => [ids.user, campaign.template] },
    insertTemplate: { args: () => [templateRow] },
    insertCampaign: { args: () => [campaignRow] },
    insertRecipients: { args: () => [[recipientRow]] },
    doctors: { args: () => [[ids.doctor, ids.otherDoctor]] },
    page: [
      { shape: "one owner's", args: () => [{ ownerId: ids.user }, 0, 10] },
      { shape: 'everyone’s (an admin)', args: () => ['all', 10, 10] },
    ],
    count: [
      { shape: "one owner's", args: () => [{ ownerId: ids.user }], rows: [{ count: 0 }] },
      { shape: 'everyone’s (an admin)', args: () => ['all'], rows: [{ count: 0 }] },
    ],
    byId: { args: () => [campaign.id] },
    claimable: { args: () => [at, 5] },
    claim: { args: () => [campaign.id, 'host:1:abcd', at, at] },
    renewClaim: { args: () => [campaign.id, 'host:1:abcd', at] },
    release: { args: () => [campaign.id, 'host:1:abcd'] },
    pendingBatch: { args: () => [campaign.id, 50] },
    markQueued: { args: () => [campaign.recipient, 'outbox-1'] },
    markSkipped: { args: () => [[campaign.recipient], 'withdrawn'] },
    recipientCounts: { args: () => [campaign.id] },
    updateProgress: {
      args: () => [campaign.id, { sent_count: 1, failed_count: 0, skipped: '{}', status: 'sent', sent_at: at }],
    },
    unsubscribeTarget: { args: () => [campaign.recipient] },
    markUnsubscribed: { args: () => [campaign.recipient, at] },
    sender: { args: () => [ids.user] },
  }),
];
