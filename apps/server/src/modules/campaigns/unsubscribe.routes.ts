import type { Language } from '@crm/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestLanguage } from '#server/http/i18n.ts';
import type { CampaignsService, UnsubscribeOutcome } from './campaigns.service.ts';
import { escapeHtml } from './campaign-messages.ts';

type PageText = { title: string; confirm: string; button: string; done: string; already: string; invalid: string };

const TEXT: Record<Language, PageText> = {
  fr: {
    title: 'Désabonnement',
    confirm: 'Ne plus recevoir les campagnes par e-mail de ce laboratoire ? Votre consentement sera retiré.',
    button: 'Me désabonner',
    done: 'C’est fait : vous ne recevrez plus nos campagnes par e-mail. Votre retrait de consentement est enregistré.',
    already: 'Vous êtes déjà désabonné : vous ne recevrez plus nos campagnes par e-mail.',
    invalid: 'Ce lien de désabonnement n’est pas valide.',
  },
  en: {
    title: 'Unsubscribe',
    confirm: 'Stop receiving this laboratory’s e-mail campaigns? Your consent will be withdrawn.',
    button: 'Unsubscribe me',
    done: 'Done: you will no longer receive our e-mail campaigns. Your withdrawal of consent is recorded.',
    already: 'You are already unsubscribed: you will no longer receive our e-mail campaigns.',
    invalid: 'This unsubscribe link is not valid.',
  },
};

function page(language: Language, body: string): string {
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${TEXT[language].title}</title><style>body{font-family:Arial,Helvetica,sans-serif;max-width:560px;` +
    'margin:48px auto;padding:0 16px;line-height:1.5;color:#1f1f1f}button{font-size:16px;padding:8px 16px;' +
    'border-radius:6px;border:1px solid #1677ff;background:#1677ff;color:#fff;cursor:pointer}</style></head>' +
    `<body><h1>${TEXT[language].title}</h1>${body}</body></html>`
  );
}

function tokenOf(request: FastifyRequest): string {
  const query = request.query as Record<string, unknown>;
  const body = request.body as Record<string, unknown> | undefined;
  const token = body?.token ?? query.token;
  return typeof token === 'string' ? token.slice(0, 200) : '';
}

const MESSAGE_OF: Record<UnsubscribeOutcome, keyof PageText> = {
  unsubscribed: 'done',
  alreadyUnsubscribed: 'already',
  invalid: 'invalid',
};

/**
 * The unsubscribe link of campaign messages, outside /api and without a session (security research A23): GET
 * shows a confirmation, so that a mail scanner following links changes nothing; POST (the page's button, or a
 * mail client's one-click unsubscribe, RFC 8058) records the withdrawal.
 */
export async function registerUnsubscribe(app: FastifyInstance, campaigns: CampaignsService): Promise<void> {
  await app.register((scope, _options, done) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, parsed) => {
        parsed(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );

    const send = (reply: FastifyReply, status: number, html: string) =>
      reply
        .status(status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(html);

    scope.get('/unsubscribe', { schema: { hide: true } }, (request, reply) => {
      const language = requestLanguage(request);
      const token = tokenOf(request);
      const text = TEXT[language];
      if (token === '') return send(reply, 400, page(language, `<p>${text.invalid}</p>`));
      return send(
        reply,
        200,
        page(
          language,
          `<p>${text.confirm}</p><form method="post" action="/unsubscribe"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">${text.button}</button></form>`,
        ),
      );
    });

    scope.post('/unsubscribe', { schema: { hide: true } }, async (request, reply) => {
      const language = requestLanguage(request);
      const outcome = await campaigns.unsubscribe(tokenOf(request), language);
      return send(
        reply,
        outcome === 'invalid' ? 400 : 200,
        page(language, `<p>${TEXT[language][MESSAGE_OF[outcome]]}</p>`),
      );
    });
    done();
  });
}
