import { normalizeForSearch } from '@crm/shared';
import type { Db } from '#server/db/database.ts';
import { newId } from '#server/db/ids.ts';
import type { EmailCopiesTable } from '#server/db/schema.ts';
import { MailboxRepository } from '#server/modules/mailbox/mailbox.repository.ts';
import { richTextToPlainText, sanitizeRichText } from '#server/modules/mailbox/rich-text.ts';

const HOUR_MS = 3_600_000;

type DemoMessage = {
  key: string;
  from: string;
  to: string[];
  subject: string;
  body: string;
  hoursAgo: number;
  /** The recipients who have read it already. */
  readBy?: string[];
  /** The message this one answers (by key). */
  replyTo?: string;
};

const MANAGER = 'manager@demo-crm.fr';
const REP = 'rep@demo-crm.fr';
const READER = 'reader@demo-crm.fr';
const ADMIN = 'demo@demo-crm.fr';

/** A few days of a sector's internal mail between the demo accounts, oldest first. */
const MESSAGES: DemoMessage[] = [
  {
    key: 'objectives',
    from: MANAGER,
    to: [REP, READER],
    subject: 'Objectifs du trimestre',
    hoursAgo: 150,
    readBy: [REP, READER],
    body:
      '<p>Bonjour à tous,</p><p>Voici nos priorités pour le trimestre :</p>' +
      '<ul><li><p>20 visites de cardiologues par mois et par délégué ;</p></li>' +
      '<li><p>le recueil des consentements avant toute invitation au congrès ;</p></li>' +
      '<li><p>les comptes rendus saisis le jour même.</p></li></ul><p>Bonne semaine,<br>Hélène</p>',
  },
  {
    key: 'materials',
    from: ADMIN,
    to: [MANAGER, REP, READER],
    subject: 'Nouveaux supports Cardiozil disponibles',
    hoursAgo: 74,
    readBy: [MANAGER],
    body:
      '<h2>Supports de visite</h2><p>Les nouveaux supports sont disponibles pour vos visites :</p>' +
      '<table><tbody><tr><th><p>Support</p></th><th><p>Format</p></th><th><p>Usage</p></th></tr>' +
      '<tr><td><p>Étude CARDIO-2</p></td><td><p>PDF</p></td><td><p>Cardiologues</p></td></tr>' +
      '<tr><td><p>Fiche posologie</p></td><td><p>Papier</p></td><td><p>Généralistes</p></td></tr></tbody></table>' +
      '<p>Détails sur <a href="https://www.ansm.sante.fr">le site de l\'ANSM</a>.</p>',
  },
  {
    key: 'meeting',
    from: MANAGER,
    to: [REP, READER],
    subject: 'Réunion de secteur jeudi 9 h',
    hoursAgo: 50,
    readBy: [REP],
    body:
      "<p>Bonjour Julien, bonjour Sophie,</p><p>Réunion de secteur <strong>jeudi à 9 h</strong> à l'agence de Lyon. " +
      "Merci d'apporter vos plannings de visites du mois prochain.</p><p>Hélène</p>",
  },
  {
    key: 'meeting-reply',
    from: REP,
    to: [MANAGER],
    subject: 'Re: Réunion de secteur jeudi 9 h',
    hoursAgo: 26,
    replyTo: 'meeting',
    body: "<p>Bonjour Hélène,</p><p>C'est noté, je serai là avec mon planning.</p><p>Julien</p>",
  },
  {
    key: 'samples',
    from: READER,
    to: [REP],
    subject: 'Échantillons pour le Dr Lefèvre',
    hoursAgo: 5,
    body:
      "<p>Salut Julien,</p><p>Le Dr Lefèvre m'a redemandé des échantillons lors de ma visite ce matin. " +
      'Peux-tu lui en déposer mardi, puisque tu passes à son cabinet ?</p><p>Merci, Sophie</p>',
  },
  {
    key: 'export',
    from: REP,
    to: [ADMIN],
    subject: 'Accès à l’export des visites',
    hoursAgo: 3,
    body: "<p>Bonjour Camille,</p><p>Pourrais-tu m'ouvrir l'accès à l'export des visites pour préparer la réunion de jeudi ?</p><p>Julien</p>",
  },
];

/** The demo accounts' mailboxes: messages written as the mailbox writes them (copies, counts), none sent out. */
export async function seedDemoMail(db: Db, now: Date = new Date()): Promise<void> {
  const users = await db.selectFrom('users').select(['id', 'email', 'display_name']).execute();
  const byEmail = new Map(users.map((user) => [user.email, user]));
  const emailIds = new Map<string, string>();
  await db.transaction().execute(async (trx) => {
    const mailbox = new MailboxRepository();
    for (const message of MESSAGES) {
      const sender = byEmail.get(message.from);
      const recipients = message.to.flatMap((address) => byEmail.get(address) ?? []);
      if (!sender || recipients.length !== message.to.length) continue;
      const createdAt = new Date(now.getTime() - message.hoursAgo * HOUR_MS).toISOString();
      const body = sanitizeRichText(message.body);
      const bodyText = richTextToPlainText(body);
      const emailId = newId();
      emailIds.set(message.key, emailId);
      await mailbox.insertEmail(trx, {
        id: emailId,
        sender_id: sender.id,
        sender_email: sender.email,
        sender_name: sender.display_name,
        subject: message.subject,
        body,
        body_text: bodyText,
        search_text: normalizeForSearch(`${message.subject} ${sender.email} ${sender.display_name ?? ''} ${bodyText}`),
        recipients: JSON.stringify(message.to),
        parent_email_id: message.replyTo === undefined ? null : (emailIds.get(message.replyTo) ?? null),
        has_attachments: 0,
        created_at: createdAt,
      });
      const copy = (ownerId: string, origin: 'inbox' | 'sent', isRead: boolean): EmailCopiesTable => ({
        id: newId(),
        email_id: emailId,
        owner_id: ownerId,
        folder: origin,
        origin_folder: origin,
        is_read: isRead ? 1 : 0,
        created_at: createdAt,
      });
      const received = recipients.map((user) => copy(user.id, 'inbox', message.readBy?.includes(user.email) ?? false));
      await mailbox.insertCopies(trx, [copy(sender.id, 'sent', true), ...received]);
      await mailbox.adjustCounts(trx, sender.id, { inbox: 0, sent: 1, bin: 0, unread: 0 });
      for (const inbox of received) {
        await mailbox.adjustCounts(trx, inbox.owner_id, { inbox: 1, sent: 0, bin: 0, unread: 1 - inbox.is_read });
      }
    }
  });
}
