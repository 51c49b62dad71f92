import type { Language, PasswordLinkPurpose } from '@crm/shared';
import { INVITATION_LINK_HOURS, PASSWORD_RESET_LINK_MINUTES } from '@crm/shared';
import { translate } from '#server/http/i18n.ts';
import type { OutgoingMail } from '#server/modules/mail/mail.service.ts';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The HTML part: the text's paragraphs, the link made clickable; everything escaped. */
function htmlOf(text: string, link: string): string {
  const paragraphs = text.split(/\n{2,}/).map((paragraph) => {
    const html = escapeHtml(paragraph).replaceAll('\n', '<br>');
    return `<p>${html.replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)}</p>`;
  });
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5">${paragraphs.join('')}</body></html>`;
}

/** The e-mail carrying a link to choose a password, in the language of whoever caused it. */
export function passwordLinkMail(options: {
  purpose: PasswordLinkPurpose;
  to: string;
  link: string;
  language: Language;
  inviter?: string;
}): OutgoingMail {
  const { purpose, to, link, language } = options;
  const params = {
    email: to,
    link,
    inviter: options.inviter ?? '',
    hours: INVITATION_LINK_HOURS,
    minutes: PASSWORD_RESET_LINK_MINUTES,
  };
  const text = translate(language, `mail.${purpose}.text`, params);
  return {
    kind: purpose === 'invitation' ? 'user.invitation' : 'auth.password_reset',
    to,
    subject: translate(language, `mail.${purpose}.subject`, params),
    text,
    html: htmlOf(text, link),
    confidential: true,
  };
}
