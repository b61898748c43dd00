import { describe, expect, it } from 'vitest';
import {
  PLACEHOLDER_IMAGE,
  cardImage,
  dialogImage,
  promotionDates,
  sanitizeHtml,
} from './promotion-text';

describe('promotion HTML, sanitised again in the app', () => {
  it('drops scripts, event handlers and javascript: links, keeps the content', () => {
    const html =
      '<p>Hoş geldin <strong>bonusu</strong></p><script>alert(1)</script>' +
      '<img src="x.png" onerror="alert(2)"><a href="javascript:alert(3)">tıkla</a>' +
      '<a href="/casino/slot">Slotlar</a><iframe src="https://evil.example"></iframe>';
    const clean = sanitizeHtml(html);
    expect(clean).not.toMatch(/script/i);
    expect(clean).not.toMatch(/onerror/i);
    expect(clean).not.toMatch(/javascript:/i);
    expect(clean).not.toMatch(/iframe/i);
    expect(clean).toContain('<strong>bonusu</strong>');
    expect(clean).toContain('<a href="/casino/slot">Slotlar</a>');
    expect(clean).toContain('tıkla');
  });
});

describe('promotion images', () => {
  it('the card shows the first image, the dialog the second (else the first)', () => {
    const both = { images: ['/media/promotions/a-card.svg', '/media/promotions/a-dialog.svg'] };
    expect(cardImage(both)).toBe('/media/promotions/a-card.svg');
    expect(dialogImage(both)).toBe('/media/promotions/a-dialog.svg');
    const one = { images: ['/media/promotions/b-card.svg'] };
    expect(dialogImage(one)).toBe('/media/promotions/b-card.svg');
    expect(cardImage({ images: [] })).toBe(PLACEHOLDER_IMAGE);
    expect(dialogImage({ images: [] })).toBe(PLACEHOLDER_IMAGE);
  });
});

describe('promotion days', () => {
  it('shows whole UTC days: the end is the first moment it is over', () => {
    const p = { startsAt: '2026-05-01T00:00:00Z', endsAt: '2026-06-01T00:00:00Z' };
    expect(promotionDates(p, 'tr')).toEqual({ start: '01.05.2026', end: '31.05.2026' });
    expect(promotionDates(p, 'en')).toEqual({ start: '1 May 2026', end: '31 May 2026' });
  });

  it('has no end date when endsAt is missing', () => {
    expect(promotionDates({ startsAt: '2026-01-01T00:00:00Z', endsAt: null }, 'tr')).toEqual({
      start: '01.01.2026',
      end: null,
    });
  });
});
