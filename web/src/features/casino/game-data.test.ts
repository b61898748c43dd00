import { describe, expect, it } from 'vitest';
import {
  decodeGameData,
  encodeGameData,
  gameToLaunch,
  isStudioGame,
  playPath,
  type GameToLaunch,
} from './game-data';

describe('play route parameter (spec section 2)', () => {
  const game: GameToLaunch = {
    providerName: 'kasa',
    gameCode: 'kasa-sultan-gold',
    name: 'Sultan Altını: Çılgın Şans İğne Ğ ü ö',
  };

  it('is base64(encodeURIComponent(JSON.stringify(game))) exactly', () => {
    const expected = btoa(encodeURIComponent(JSON.stringify(game)));
    expect(encodeGameData(game)).toBe(expected);
    expect(playPath(game)).toBe(`/casino/play/${expected}`);
  });

  it('round-trips Turkish letters', () => {
    expect(decodeGameData(encodeGameData(game))).toEqual(game);
    const upper = { ...game, name: 'İSTANBUL IŞIKLARI ÇĞÖŞÜ' };
    expect(decodeGameData(encodeGameData(upper))?.name).toBe('İSTANBUL IŞIKLARI ÇĞÖŞÜ');
  });

  it("accepts any base64 text, with '/', '+' and '='", () => {
    // The spec's own encoding never yields '/' (URI-encoded JSON is ASCII without '?'), but a
    // link made by other code may: encodeURI keeps '?' and '/', and raw UTF-8 has high bytes.
    const utf8 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));
    const seen = { slash: false, plus: false, pad: false };
    for (let i = 0; i < 200; i++) {
      const g: GameToLaunch = {
        providerName: 'Hub88',
        gameCode: `g${i}?/`,
        name: `${'~'.repeat(i % 5)}Oyun ğüşİ ${i}?`,
      };
      const json = JSON.stringify(g);
      for (const encoded of [encodeGameData(g), btoa(encodeURI(json)), utf8(json)]) {
        if (encoded.includes('/')) seen.slash = true;
        if (encoded.includes('+')) seen.plus = true;
        if (encoded.endsWith('=')) seen.pad = true;
        expect(decodeGameData(encoded)).toEqual(g);
      }
    }
    expect(seen).toEqual({ slash: true, plus: true, pad: true });
  });

  it('reads URL-safe base64, missing padding and a percent-escaped link', () => {
    const encoded = encodeGameData(game);
    const urlSafe = encoded.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(decodeGameData(urlSafe)).toEqual(game);
    expect(decodeGameData(encodeURIComponent(encoded))).toEqual(game);
  });

  it('reads base64 of plain UTF-8 JSON too', () => {
    const bytes = new TextEncoder().encode(JSON.stringify(game));
    const plain = btoa(String.fromCharCode(...bytes));
    expect(decodeGameData(plain)).toEqual(game);
  });

  it('refuses what is not a game', () => {
    expect(decodeGameData('')).toBeNull();
    expect(decodeGameData('not base64!!')).toBeNull();
    expect(decodeGameData(btoa(encodeURIComponent('{"name":"x"}')))).toBeNull();
    expect(decodeGameData(btoa('%E0%A4%A'))).toBeNull();
  });

  it('keeps system and productId only when present', () => {
    expect(gameToLaunch({ providerName: 'Hub88', gameCode: 7, name: 'A', system: null })).toEqual({
      providerName: 'Hub88',
      gameCode: 7,
      name: 'A',
    });
    expect(
      gameToLaunch({ providerName: 'SoftGamings', gameCode: 'x', name: 'B', system: 998 }),
    ).toEqual({ providerName: 'SoftGamings', gameCode: 'x', name: 'B', system: 998 });
    expect(
      gameToLaunch({ providerName: 'EveryMatrix', gameCode: 'y', name: 'C', productId: 'p1' }),
    ).toEqual({ providerName: 'EveryMatrix', gameCode: 'y', name: 'C', productId: 'p1' });
  });

  it('tells the studio games apart', () => {
    expect(isStudioGame({ providerName: 'kasa' })).toBe(true);
    expect(isStudioGame({ providerName: 'Kasa Studio' })).toBe(true);
    expect(isStudioGame({ providerName: 'Hub88' })).toBe(false);
  });
});
