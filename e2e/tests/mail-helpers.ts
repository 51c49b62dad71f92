import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './helpers';

export { mailTo, receivedMail, type ReceivedMail as ReceivedMessage } from './helpers';

/** Signs in through the API: the bearer header of that user. */
export async function apiAuth(request: APIRequestContext, email: string): Promise<Record<string, string>> {
  const login = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

/** A 1×1 PNG is too small for a signature: a real drawing-sized PNG (300×150, one stroke), as a data URL. */
export function signatureDataUrl(): string {
  return `data:image/png;base64,${fs.readFileSync(path.resolve(import.meta.dirname, 'fixtures/signature.png')).toString('base64')}`;
}

/** A stored-XSS payload: rich text that must never run code, fetch anything or reach an outside address. */
export type XssPayload = { name: string; html: string };

/** Where a payload that got through would send its request: TEST-NET-3, never a real or loopback host. */
export const OUTSIDE = 'http://203.0.113.7';

/**
 * Stored-XSS catalogue (shared/research/security.md): each payload, if anything of it ran, would set the
 * marker global `__xss` (on the frame and on the page that holds it), open a dialog, or fetch from OUTSIDE.
 */
export const XSS_PAYLOADS: readonly XssPayload[] = [
  { name: 'script tag', html: `<script>top.__xss=1;window.__xss=1;alert('script')</script>` },
  { name: 'script fetching', html: `<script src="${OUTSIDE}/x.js"></script>` },
  { name: 'img onerror', html: `<img src=x onerror="top.__xss=1;alert('img')">` },
  { name: 'outside image', html: `<img src="${OUTSIDE}/pixel.png" alt="pixel">` },
  { name: 'javascript: link', html: `<a href="javascript:top.__xss=1;alert('link')">lien js</a>` },
  { name: 'javascript: link, mixed case and space', html: `<a href=" JaVaScRiPt:alert('case')">lien casse</a>` },
  { name: 'javascript: link, entity-encoded', html: `<a href="&#106;avascript&#58;alert('entity')">lien entité</a>` },
  { name: 'javascript: link, tab inside', html: `<a href="jav&#x09;ascript:alert('tab')">lien tab</a>` },
  { name: 'data: link', html: `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">lien data</a>` },
  { name: 'data: image', html: `<img src="data:image/svg+xml,<svg onload=alert('svgdata')>">` },
  { name: 'svg onload', html: `<svg onload="top.__xss=1;alert('svg')"><circle r="10"></circle></svg>` },
  { name: 'svg script', html: `<svg><script>top.__xss=1;alert('svgscript')</script></svg>` },
  {
    name: 'svg animate href',
    html: `<svg><a><animate attributeName="href" values="javascript:alert('anim')"/><text y="20">anim</text></a></svg>`,
  },
  { name: 'iframe javascript:', html: `<iframe src="javascript:top.__xss=1;alert('iframe')"></iframe>` },
  { name: 'iframe srcdoc', html: `<iframe srcdoc="<script>top.__xss=1;alert('srcdoc')</script>"></iframe>` },
  { name: 'object data', html: `<object data="data:text/html,<script>alert('object')</script>"></object>` },
  { name: 'embed', html: `<embed src="${OUTSIDE}/x.swf">` },
  { name: 'style tag', html: `<style>@import '${OUTSIDE}/a.css'; body { background: url(${OUTSIDE}/b.png) }</style>` },
  { name: 'style attribute url', html: `<p style="background-image:url(${OUTSIDE}/c.png)">fond</p>` },
  {
    name: 'span style with url',
    html: `<span style="font-family:Arial;background:url(javascript:alert('style'))">police</span>`,
  },
  { name: 'link stylesheet', html: `<link rel="stylesheet" href="${OUTSIDE}/d.css">` },
  { name: 'meta refresh', html: `<meta http-equiv="refresh" content="0;url=javascript:alert('meta')">` },
  { name: 'base href', html: `<base href="${OUTSIDE}/">` },
  {
    name: 'form action',
    html: `<form action="javascript:alert('form')"><button formaction="javascript:alert('fa')">go</button></form>`,
  },
  { name: 'input autofocus', html: `<input autofocus onfocus="top.__xss=1;alert('focus')">` },
  {
    name: 'details ontoggle',
    html: `<details open ontoggle="top.__xss=1;alert('toggle')"><summary>s</summary></details>`,
  },
  { name: 'body onload', html: `<body onload="top.__xss=1;alert('body')">` },
  { name: 'video source onerror', html: `<video><source onerror="top.__xss=1;alert('video')"></video>` },
  { name: 'event handler on an allowed tag', html: `<p onclick="alert('p')" onmouseover="top.__xss=1">paragraphe</p>` },
  { name: 'unclosed img', html: `<img src=x onerror=top.__xss=1;alert('unclosed')//` },
  { name: 'nested script', html: `<<script>alert('nested');//<</script>` },
  { name: 'attribute breaking out', html: `<p title="</p><img src=x onerror=alert('title')>">titre</p>` },
  {
    name: 'mutation (math/style)',
    html: `<math><mtext><table><mglyph><style><img src=x onerror=alert('mxss')></style></mglyph></table></mtext></math>`,
  },
  {
    name: 'noscript mutation',
    html: `<noscript><p title="</noscript><img src=x onerror=alert('noscript')>"></noscript>`,
  },
  { name: 'comment breaking out', html: `<!--><img src=x onerror=alert('comment')>-->` },
  { name: 'entity-encoded markup', html: `&lt;img src=x onerror=alert('encoded')&gt; et &#60;script&#62;` },
  { name: 'template tag', html: `<template><img src=x onerror=alert('template')></template>` },
];

/** Plain-text fields (subjects, names): kept as typed, and must show as text, never as markup. */
export const XSS_TEXTS: readonly string[] = [
  `<script>top.__xss=1;alert('subject')</script>`,
  `<img src=x onerror="top.__xss=1;alert('subject')">`,
  `"><svg onload=alert('subject')>`,
  `javascript:alert('subject')`,
  `&lt;b&gt;gras&lt;/b&gt; {{doctorName}}`,
];

/** The marks of active content that sanitised rich text must never hold. */
export function expectStoredClean(html: string): void {
  expect(html, html).not.toMatch(/<script/i);
  expect(html, html).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
  expect(html, html).not.toMatch(/javascript:/i);
  expect(html, html).not.toMatch(/data:(text|image)/i);
  expect(html, html).not.toMatch(/<(iframe|object|embed|svg|math|style|link|meta|base|form|input|template)\b/i);
  expect(html, html).not.toContain(OUTSIDE.replace('http://', '') + '/');
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Watches a browser context for what a payload that ran would do: a dialog on any of its pages, a request
 * to anything but the loopback server (or a non-web scheme), the `__xss` marker on a page or any frame.
 */
export function watchForXss(context: BrowserContext) {
  const dialogs: string[] = [];
  const outside: string[] = [];
  const watchPage = (page: Page) => {
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
  };
  context.pages().forEach(watchPage);
  context.on('page', watchPage);
  context.on('request', (request) => {
    const url = new URL(request.url());
    if ((url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'ws:') && LOOPBACK.has(url.hostname))
      return;
    outside.push(request.url());
  });
  return {
    dialogs,
    outside,
    /**
     * Nothing ran on any page of the context, in any of their frames, once each frame has finished loading
     * (its load event comes after every image, style and frame in it has loaded or failed, so an error
     * handler or a fetch that would run has run) and has been drawn.
     */
    async expectNothingRan(): Promise<void> {
      for (const page of context.pages()) {
        for (const frame of page.frames()) {
          await frame.waitForFunction(() => document.readyState === 'complete').catch(() => undefined);
        }
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        for (const frame of page.frames()) {
          const marker = await frame.evaluate(() => (window as { __xss?: unknown }).__xss).catch(() => undefined);
          expect(marker, `marker set in ${frame.url()}`).toBeUndefined();
        }
      }
      expect(dialogs, 'dialogs opened').toEqual([]);
      expect(outside, 'requests outside loopback').toEqual([]);
    },
  };
}
