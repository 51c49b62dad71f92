import { describe, expect, it } from 'vitest';
import { describeDevice } from './device.ts';

describe('describeDevice', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
      { browser: 'Chrome', system: 'Windows', kind: 'computer' },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0',
      { browser: 'Edge', system: 'Windows', kind: 'computer' },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
      { browser: 'Safari', system: 'iPhone', kind: 'phone' },
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/140.0 Mobile/15E148 Safari/604.1',
      { browser: 'Chrome', system: 'iPad', kind: 'tablet' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      { browser: 'Samsung Internet', system: 'Android', kind: 'phone' },
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0',
      { browser: 'Firefox', system: 'macOS', kind: 'computer' },
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
      { browser: 'Chrome', system: 'Linux', kind: 'computer' },
    ],
  ])('%s', (userAgent, expected) => {
    expect(describeDevice(userAgent)).toEqual(expected);
  });

  it('says nothing it does not know', () => {
    expect(describeDevice(null)).toEqual({ browser: null, system: null, kind: 'computer' });
    expect(describeDevice('curl/8.5.0')).toEqual({ browser: null, system: null, kind: 'computer' });
  });
});
