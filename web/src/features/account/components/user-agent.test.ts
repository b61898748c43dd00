import { describe, expect, it } from 'vitest';
import { describeUserAgent, deviceLabel } from './user-agent';

describe('device summary of a user agent', () => {
  it('names common browsers and systems', () => {
    expect(
      deviceLabel(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome 120 · Windows 10/11');
    expect(
      deviceLabel(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 17 · iOS 17');
    expect(
      deviceLabel(
        'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe('Samsung Internet 23 · Android 14');
    expect(
      deviceLabel(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
      ),
    ).toBe('Edge 120 · macOS 10.15');
    expect(
      deviceLabel('Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0'),
    ).toBe('Firefox 121 · Linux');
  });

  it('flags mobiles and handles empty or unknown strings', () => {
    expect(
      describeUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X)')?.mobile,
    ).toBe(true);
    expect(deviceLabel(null)).toBe('');
    expect(deviceLabel('curl/8.4.0')).toBe('curl');
    expect(deviceLabel('SomethingOdd')).toBe('SomethingOdd');
  });
});
