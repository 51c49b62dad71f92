import { describe, expect, it } from 'vitest';
import { richTextToPlainText, sanitizeRichText } from './rich-text.ts';

describe('sanitizeRichText', () => {
  it('keeps what the editor produces', () => {
    const html =
      '<h1>Title</h1><h6>Small</h6><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code></p>' +
      '<ul><li><p>one</p></li></ul><ol start="3"><li><p>three</p></li></ol><blockquote><p>q</p></blockquote>' +
      '<pre><code>x = 1</code></pre><hr><p><span style="font-family: Georgia">serif</span></p>' +
      '<table><tbody><tr><th colspan="1" rowspan="1"><p>h</p></th></tr><tr><td colspan="1" rowspan="1"><p>d</p></td></tr></tbody></table>';
    // Only spelling changes: void tags self-closed, style values without spaces.
    expect(sanitizeRichText(html)).toBe(
      html.replace('<hr>', '<hr />').replace('font-family: Georgia', 'font-family:Georgia'),
    );
  });

  it('keeps each of the editor fonts, quoted or not, and drops any other style', () => {
    expect(sanitizeRichText('<span style="font-family: &quot;Times New Roman&quot;">t</span>')).toBe(
      '<span style="font-family:&quot;Times New Roman&quot;">t</span>',
    );
    expect(sanitizeRichText('<span style="font-family: Courier New">t</span>')).toBe(
      '<span style="font-family:Courier New">t</span>',
    );
    expect(sanitizeRichText('<span style="font-family: Comic Sans MS">t</span>')).toBe('<span>t</span>');
    expect(sanitizeRichText('<span style="background:url(https://evil.test/x)">t</span>')).toBe('<span>t</span>');
    expect(sanitizeRichText('<p style="position:fixed;top:0">t</p>')).toBe('<p>t</p>');
  });

  it('opens links outside and only to http(s) or mailto', () => {
    expect(sanitizeRichText('<a href="https://example.org">x</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizeRichText('<a href="mailto:a@b.fr">x</a>')).toContain('href="mailto:a@b.fr"');
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      '&#x6A;avascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      '//evil.test/x',
      '/relative',
    ]) {
      expect(sanitizeRichText(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
    }
  });

  it('removes scripts, handlers, frames, forms, media and SVG with what they hold', () => {
    const payloads = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<svg onload=alert(1)><circle /></svg>',
      '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
      '<form action="https://evil.test"><input name=a></form>',
      '<meta http-equiv="refresh" content="0;url=https://evil.test">',
      '<style>@import url(//evil.test)</style>',
      '<object data="x"></object><embed src="x">',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      '<p onclick="alert(1)" onmouseover=alert(1)>t</p>',
      '<a onfocus=alert(1) autofocus tabindex=1 href="https://a.fr">t</a>',
      '<base href="https://evil.test/">',
      '<link rel=stylesheet href="https://evil.test/x.css">',
    ];
    for (const payload of payloads) {
      const clean = sanitizeRichText(payload);
      expect(clean).not.toMatch(/<(script|img|svg|iframe|form|input|meta|style|object|embed|math|base|link)\b/i);
      expect(clean).not.toMatch(/\bon[a-z]+\s*=/i);
      expect(clean).not.toMatch(/javascript:|data:/i);
    }
  });

  it('closes broken markup', () => {
    expect(sanitizeRichText('<p><strong>never closed')).toBe('<p><strong>never closed</strong></p>');
    expect(sanitizeRichText('<p>a</x></p><<p>b')).not.toContain('</x>');
  });
});

describe('richTextToPlainText', () => {
  it('gives paragraphs, lists, links and tables as text', () => {
    const text = richTextToPlainText(
      '<h2>Hello</h2><p>See <a href="https://example.org">the site</a>.</p><ul><li><p>one</p></li><li><p>two</p></li></ul>',
    );
    expect(text).toContain('Hello');
    expect(text).toContain('the site [https://example.org]');
    expect(text).toMatch(/\* one\s+\* two/);
  });
});
