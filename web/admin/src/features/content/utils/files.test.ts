import { describe, expect, it } from 'vitest';
import { fileLabel, groupFiles, inLocale, jsonErrorAt, jsonProblem, kindOf } from './files';

describe('the content files', () => {
  it('finds the same page or translations in the other language', () => {
    expect(kindOf('pages/about.tr.html')).toEqual({ kind: 'page', page: 'about', locale: 'tr' });
    expect(inLocale('pages/about.tr.html', 'en')).toBe('pages/about.en.html');
    expect(inLocale('translations/tr.countries.json', 'en')).toBe('translations/en.countries.json');
    expect(inLocale('site.json', 'en')).toBeNull();
    expect(fileLabel('pages/faq.en.html')).toBe('faq (English)');
  });

  it('groups the files as the editor lists them', () => {
    const groups = groupFiles([
      'translations/en.json',
      'pages/about.tr.html',
      'site.json',
      'jackpots.json',
      'pages.json',
      'sliders.json',
    ]);
    expect(groups.map((g) => g.label)).toEqual([
      'Site options',
      'Banners',
      'Pages',
      'Translations',
      'Other',
    ]);
    expect(groups[2].names).toEqual(['pages.json', 'pages/about.tr.html']);
  });

  it('says where a JSON text goes wrong', () => {
    expect(jsonProblem('{"a": [1, 2]}')).toBeNull();
    expect(jsonProblem('{\n  "a": [1, 2}\n}')).toBe('Line 2, column 13: unexpected "}".');
    expect(jsonProblem('x[]')).toBe('Line 1, column 1: unexpected "x".');
    expect(jsonProblem('{"a": "b"')).toBe(
      'Line 1, column 10: the text ends too early (a bracket, brace or quote is not closed).',
    );
    expect(jsonProblem('{"a": 1,}')).toBe('Line 1, column 9: unexpected "}".');
    expect(jsonProblem('{"a": "\\q"}')).toBe('Line 1, column 9: unexpected "q".');
    expect(jsonProblem('[1] 2')).toBe('Line 1, column 5: unexpected "2".');
    for (const ok of ['"\\u00e7"', '-1.5e+3', 'true', 'null', '[]', '{}', ' [ {"a":{}} ] ']) {
      expect(jsonErrorAt(ok)).toBeNull();
    }
  });
});
