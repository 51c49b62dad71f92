import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize-html';

describe('sanitizeRichText (the browser side)', () => {
  it('keeps what the editor produces, links opening outside', () => {
    expect(
      sanitizeRichText(
        '<h3>T</h3><p><strong>b</strong> <a href="https://example.org">l</a> <span style="font-family: Georgia">g</span></p>',
      ),
    ).toBe(
      '<h3>T</h3><p><strong>b</strong> <a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">l</a> <span style="font-family: Georgia">g</span></p>',
    );
    expect(sanitizeRichText('<table><tbody><tr><th colspan="2">h</th></tr></tbody></table>')).toBe(
      '<table><tbody><tr><th colspan="2">h</th></tr></tbody></table>',
    );
  });

  it('drops scripts, handlers, frames, SVG, dangerous links and foreign styles, even from a stored body', () => {
    const payloads = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<svg onload=alert(1)></svg>',
      '<a href="javascript:alert(1)">x</a>',
      '<a href="data:text/html,<script>alert(1)</script>">x</a>',
      '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
      '<form action="https://evil.example"><button>x</button></form>',
      '<p onclick="alert(1)" style="background:url(https://evil.example/x)">x</p>',
      '<span style="font-family: x; background: url(https://evil.example)">x</span>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      '<a href="https://ok.example" onfocus="alert(1)" autofocus>x</a>',
    ];
    for (const payload of payloads) {
      const clean = sanitizeRichText(payload);
      expect(clean, payload).not.toMatch(/<(script|img|svg|iframe|form|button|style|math)\b/i);
      expect(clean, payload).not.toMatch(/\bon[a-z]+=|javascript:|data:|url\(|autofocus/i);
    }
  });
});
