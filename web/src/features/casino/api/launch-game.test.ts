import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { closesOnFailure, launchCall, launchProvider } from './launch-game';

afterEach(() => {
  initI18n('tr');
});

describe('the launch calls of the providers', () => {
  it("maps the catalogue's provider codes and names to their launch calls", () => {
    expect(launchProvider('softgamings')).toBe('softgamings');
    expect(launchProvider('SoftGamings')).toBe('softgamings');
    expect(launchProvider('hub88')).toBe('hub88');
    expect(launchProvider('egt-digital')).toBe('egt-digital');
    expect(launchProvider('EGT Digital')).toBe('egt-digital');
    expect(launchProvider('Amusnet')).toBe('amusnet');
    expect(launchProvider('EveryMatrix')).toBe('everymatrix');
    expect(launchProvider('digitain')).toBe('digitain');
    expect(launchProvider('Kasa Studio')).toBe('kasa');
    expect(launchProvider('Unknown House')).toBeNull();
  });

  it("sends each call the spec's fields", () => {
    const lobbyUrl = `${window.location.origin}/casino`;
    expect(launchCall({ providerName: 'Digitain', gameCode: 'dg-1' }, true)).toEqual({
      path: 'casino/dtlaunchurl',
      body: { code: 'dg-1' },
    });
    expect(
      launchCall({ providerName: 'EveryMatrix', gameCode: 'em-1', productId: 12 }, false),
    ).toEqual({ path: 'casino/emlaunchurl', body: { code: 'em-1', productId: 12 } });
    expect(launchCall({ providerName: 'amusnet', gameCode: 7 }, true)).toEqual({
      path: 'casino/amusnetlaunchurl',
      body: { code: '7', isMobile: true },
    });
    expect(launchCall({ providerName: 'EGT Digital', gameCode: 'egt-1' }, false)).toEqual({
      path: 'casino/egtlaunchurl',
      body: { platform: 1, gameCode: 'egt-1', language: 'tr', lobbyUrl },
    });
    initI18n('en');
    expect(launchCall({ providerName: 'Hub88', gameCode: 'hub-1' }, true)).toEqual({
      path: 'casino/hub88launchurl',
      body: { platform: 2, gameCode: 'hub-1', language: 'en', lobbyUrl },
    });
    expect(
      launchCall({ providerName: 'SoftGamings', gameCode: 'sg-1', system: '961' }, false),
    ).toEqual({
      path: 'casino/softgamingslaunchurl',
      body: { system: '961', pageCode: 'sg-1', isMobile: 0 },
    });
    expect(launchCall({ providerName: 'Kasa Studio', gameCode: 'kasa-x' }, false)).toEqual({
      path: 'casino/kasalaunchurl',
      body: { code: 'kasa-x', isMobile: false },
    });
    expect(launchCall({ providerName: 'Unknown House', gameCode: 'x' }, false)).toBeNull();
  });

  it('closes the game on failure except for Digitain and EveryMatrix (section 8)', () => {
    for (const p of ['amusnet', 'egt-digital', 'hub88', 'softgamings', 'kasa'] as const)
      expect(closesOnFailure(p)).toBe(true);
    expect(closesOnFailure('digitain')).toBe(false);
    expect(closesOnFailure('everymatrix')).toBe(false);
    expect(closesOnFailure(null)).toBe(true);
  });
});
