import { fillPlaceholders, type Language, type TemplatePlaceholder } from '@crm/shared';
import { richTextToPlainText } from '#server/modules/mailbox/rich-text.ts';
import type { CampaignRow } from './campaigns.repository.ts';

/** A doctor as a campaign message names them. */
export type CampaignDoctor = { firstName: string; lastName: string; email: string };

export type CampaignMessage = { subject: string; html: string; text: string };

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

const FOOTER: Record<Language, { html: (url: string) => string; text: (url: string) => string }> = {
  fr: {
    html: (url) =>
      `<hr><p style="font-size:12px;color:#666">Vous recevez ce message car vous avez consenti à être contacté. <a href="${url}">Se désabonner</a></p>`,
    text: (url) => `Vous recevez ce message car vous avez consenti à être contacté. Se désabonner : ${url}`,
  },
  en: {
    html: (url) =>
      `<hr><p style="font-size:12px;color:#666">You receive this message because you agreed to be contacted. <a href="${url}">Unsubscribe</a></p>`,
    text: (url) => `You receive this message because you agreed to be contacted. Unsubscribe: ${url}`,
  },
};

/**
 * One doctor's message of a campaign: the placeholders filled (HTML-escaped in the body, so a doctor's name
 * can't add markup; as they are in the subject, which the mail service keeps on one line), with the plain-text
 * part and the unsubscribe link in both.
 */
export function renderCampaignMessage(
  campaign: CampaignRow,
  doctor: CampaignDoctor,
  unsubscribeUrl: string,
): CampaignMessage {
  const values: Record<TemplatePlaceholder, string> = {
    doctorName: `Dr ${doctor.firstName} ${doctor.lastName}`.trim(),
    eventName: campaign.event_name ?? '',
    eventDate: campaign.event_date ?? '',
    eventLocation: campaign.event_location ?? '',
    eventTopics: campaign.event_topics ?? '',
    senderName: campaign.sender_name,
  };
  const body = fillPlaceholders(campaign.content, values, escapeHtml);
  const footer = FOOTER[campaign.language];
  const html =
    `<!doctype html><html lang="${campaign.language}"><head><meta charset="utf-8"></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5">${body}` +
    `${footer.html(escapeHtml(unsubscribeUrl))}</body></html>`;
  return {
    subject: fillPlaceholders(campaign.subject, values).replace(/[\r\n]+/g, ' '),
    html,
    text: `${richTextToPlainText(body)}\n\n--\n${footer.text(unsubscribeUrl)}`,
  };
}
