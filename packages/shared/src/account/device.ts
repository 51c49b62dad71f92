/** What a session's user agent says of the device, for the account page's list of sessions. */
export type DeviceDescription = {
  browser: string | null;
  system: string | null;
  kind: 'phone' | 'tablet' | 'computer';
};

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\bChromium\//, 'Chromium'],
  [/\b(Chrome|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\b(Macintosh|Mac OS X)\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** Browser and system names as their makers write them (not translated), and the kind of device. */
export function describeDevice(userAgent: string | null): DeviceDescription {
  const text = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(text))?.[1] ?? null;
  const system = SYSTEMS.find(([pattern]) => pattern.test(text))?.[1] ?? null;
  const isTablet = /\biPad\b|\bTablet\b/.test(text) || (/\bAndroid\b/.test(text) && !/\bMobile\b/.test(text));
  const kind = isTablet ? 'tablet' : /\bMobile\b|\biPhone\b/.test(text) ? 'phone' : 'computer';
  return { browser, system, kind };
}
