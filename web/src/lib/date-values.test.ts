import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  clampDay,
  keepRange,
  monthGrid,
  monthTitle,
  parsePickerText,
  toPickerText,
  todayIso,
  weekdayNames,
} from './date-values';

describe('date picker month grid', () => {
  it('starts every week on Sunday', () => {
    // March 2026 begins on a Sunday, November 2026 on a Sunday, February 2026 on a Sunday.
    const march = monthGrid(2026, 2);
    expect(march[0][0]).toEqual({ iso: '2026-03-01', day: 1, inMonth: true });
    expect(march).toHaveLength(5);
    // April 2026 begins on a Wednesday: Sun 29 – Tue 31 March lead in.
    const april = monthGrid(2026, 3);
    expect(april[0].map((d) => d.day)).toEqual([29, 30, 31, 1, 2, 3, 4]);
    expect(april[0][0].inMonth).toBe(false);
    expect(april[0][3]).toEqual({ iso: '2026-04-01', day: 1, inMonth: true });
    expect(april.at(-1)?.at(-1)).toEqual({ iso: '2026-05-02', day: 2, inMonth: false });
    for (const week of [...march, ...april]) {
      expect(week).toHaveLength(7);
      expect(new Date(`${week[0].iso}T00:00:00Z`).getUTCDay()).toBe(0);
    }
  });

  it('covers a month starting on Saturday in six weeks', () => {
    const august = monthGrid(2026, 7); // 1 August 2026 is a Saturday
    expect(august).toHaveLength(6);
    expect(august[0][6].iso).toBe('2026-08-01');
    expect(august[5][1].iso).toBe('2026-08-31');
  });

  it('names the weekdays from Sunday and the month in the language', () => {
    expect(weekdayNames('en-GB')[0]).toBe('Sun');
    expect(weekdayNames('tr-TR')[0]).toBe('Paz');
    expect(weekdayNames('tr-TR')[1]).toBe('Pzt');
    expect(monthTitle('tr-TR', 2026, 2)).toBe('Mart 2026');
    expect(monthTitle('en-GB', 2026, 2)).toBe('March 2026');
  });
});

describe('mm/dd/yy', () => {
  it('formats ISO days', () => {
    expect(toPickerText('2026-03-07')).toBe('03/07/26');
    expect(toPickerText('2026-12-31')).toBe('12/31/26');
    expect(toPickerText('')).toBe('');
    expect(toPickerText('nope')).toBe('');
  });

  it('parses what is typed, refusing days that do not exist', () => {
    expect(parsePickerText('03/07/26')).toBe('2026-03-07');
    expect(parsePickerText(' 3/7/26 ')).toBe('2026-03-07');
    expect(parsePickerText('12/31/2025')).toBe('2025-12-31');
    expect(parsePickerText('02/29/24')).toBe('2024-02-29');
    expect(parsePickerText('02/29/26')).toBeNull();
    expect(parsePickerText('13/01/26')).toBeNull();
    expect(parsePickerText('00/10/26')).toBeNull();
    expect(parsePickerText('03/07')).toBeNull();
    expect(parsePickerText('')).toBeNull();
  });

  it('round-trips', () => {
    for (const day of ['2026-01-01', '2024-02-29', '2099-12-31']) {
      expect(parsePickerText(toPickerText(day))).toBe(day);
    }
  });
});

describe('calendar moves and the range', () => {
  it('moves by days and months', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -7)).toBe('2026-02-22');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
  });

  it('gives today in the local clock', () => {
    expect(todayIso(new Date(2026, 10, 24, 23, 59))).toBe('2026-11-24');
  });

  it('keeps to not before from', () => {
    expect(keepRange({ from: '2026-03-10', to: '2026-03-01' }, 'from')).toEqual({
      from: '2026-03-10',
      to: '2026-03-10',
    });
    expect(keepRange({ from: '2026-03-10', to: '2026-03-01' }, 'to')).toEqual({
      from: '2026-03-01',
      to: '2026-03-01',
    });
    expect(keepRange({ from: '', to: '2026-03-01' }, 'to')).toEqual({ from: '', to: '2026-03-01' });
    expect(clampDay('2026-03-01', '2026-03-05', '')).toBe('2026-03-05');
    expect(clampDay('2026-03-09', '', '2026-03-05')).toBe('2026-03-05');
  });
});
