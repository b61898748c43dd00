import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { artHue, initials, sharedPictures } from './tile-art';

type Entry = {
  provider: string;
  code: string;
  name: string;
  names?: Record<string, string>;
  imageUrl: string;
};
const catalogue = JSON.parse(
  readFileSync(join(__dirname, '../../../../content/games.json'), 'utf8'),
) as { providers: { code: string; name: string }[]; games: Entry[] };
const providerName = new Map(catalogue.providers.map((p) => [p.code, p.name]));
const nameIn = (g: Entry, lang: string) => (lang === 'tr' ? g.name : (g.names?.[lang] ?? g.name));

describe("the tiles' initials and hues", () => {
  it('takes the first letters of the first two words, in Turkish capitals', () => {
    expect(initials('Flaming Fruits 40')).toBe('FF');
    expect(initials('Çılgın Kiraz')).toBe('ÇK');
    expect(initials('İSTANBUL Rulet')).toBe('İR');
    expect(initials('ışık çarkı')).toBe('IÇ');
    expect(initials('Book of Sands')).toBe('BS');
    expect(initials('Hi-Lo')).toBe('HL');
    expect(initials('Plinko')).toBe('PL');
    expect(initials("Texas Hold'em")).toBe('TH');
  });

  it('gives each game a steady hue', () => {
    expect(artHue('EGT Digital:egt-royal-sevens')).toBe(artHue('EGT Digital:egt-royal-sevens'));
    expect(artHue('a') % 15).toBe(0);
    expect(artHue('a')).toBeLessThan(360);
  });

  it('finds the pictures several games share', () => {
    expect(
      sharedPictures([{ imageUrl: '/a.svg' }, { imageUrl: '/b.svg' }, { imageUrl: '/a.svg' }]),
    ).toEqual(new Set(['/a.svg']));
  });
});

describe('the demo catalogue (content/games.json, issue 30)', () => {
  it('names no two games alike, in Turkish or English', () => {
    for (const lang of ['tr', 'en']) {
      const names = catalogue.games.map((g) => nameIn(g, lang).toLocaleLowerCase(lang));
      const twice = names.filter((n, i) => names.indexOf(n) !== i);
      expect(twice, lang).toEqual([]);
    }
  });

  it('marks the games that share a placeholder picture apart from each other', () => {
    const shared = sharedPictures(catalogue.games);
    expect(shared.size).toBeGreaterThan(0);
    for (const picture of shared) {
      const group = catalogue.games.filter((g) => g.imageUrl === picture);
      for (const lang of ['tr', 'en']) {
        const looks = group.map(
          (g) =>
            `${initials(nameIn(g, lang))}@${artHue(`${providerName.get(g.provider)}:${g.code}`)}`,
        );
        expect(new Set(looks).size, `${picture} (${lang})`).toBe(group.length);
      }
    }
  });
});
