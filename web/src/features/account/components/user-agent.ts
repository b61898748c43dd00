/** A friendly browser / OS summary of a user agent string ("Chrome 120 · Windows"). */

export type DeviceSummary = { browser: string; os: string; mobile: boolean };

const browsers: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)|Opera\/(\d+)/, 'Opera'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/YaBrowser\/(\d+)/, 'Yandex'],
  [/HeadlessChrome\/(\d+)/, 'Headless Chrome'],
  [/CriOS\/(\d+)/, 'Chrome'],
  [/FxiOS\/(\d+)/, 'Firefox'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/Chrome\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari/, 'Safari'],
];

function osOf(ua: string): string {
  let m: RegExpMatchArray | null;
  if ((m = ua.match(/Windows NT (\d+\.\d+)/))) {
    const names: Record<string, string> = { '10.0': '10/11', '6.3': '8.1', '6.2': '8', '6.1': '7' };
    return `Windows ${names[m[1]] ?? m[1]}`;
  }
  if ((m = ua.match(/(?:iPhone|CPU) OS (\d+)[_\d]*/))) return `iOS ${m[1]}`;
  if ((m = ua.match(/iPad.*OS (\d+)/))) return `iPadOS ${m[1]}`;
  if ((m = ua.match(/Android (\d+(?:\.\d+)?)/))) return `Android ${m[1]}`;
  if ((m = ua.match(/Mac OS X (\d+)[_.](\d+)/))) return `macOS ${m[1]}.${m[2]}`;
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/Linux/.test(ua)) return 'Linux';
  return '';
}

export function describeUserAgent(ua: string | null | undefined): DeviceSummary | null {
  if (!ua || !ua.trim()) return null;
  let browser = '';
  for (const [re, name] of browsers) {
    const m = ua.match(re);
    if (m) {
      const version = m.slice(1).find(Boolean);
      browser = version ? `${name} ${version}` : name;
      break;
    }
  }
  if (!browser && /curl|wget|python|okhttp|node/i.test(ua)) browser = ua.split(/[/ ]/)[0];
  const mobile = /Mobi|Android|iPhone|iPad/.test(ua);
  return { browser: browser || '', os: osOf(ua), mobile };
}

/** "Chrome 120 · Windows 10/11", or the raw string's start when nothing is recognised. */
export function deviceLabel(ua: string | null | undefined): string {
  const d = describeUserAgent(ua);
  if (!d) return '';
  const parts = [d.browser, d.os].filter(Boolean);
  return parts.length ? parts.join(' · ') : (ua ?? '').slice(0, 40);
}
