import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon';
import { intlLocale } from '@/lib/format';
import './date-picker.css';
import {
  addDays,
  addMonths,
  clampDay,
  dayLabel,
  monthGrid,
  monthOf,
  monthTitle,
  parsePickerText,
  todayIso,
  toPickerText,
  weekdayNames,
} from '@/lib/date-values';

type DatePickerProps = {
  label: string;
  /** An ISO day ('2026-03-07') or ''. */
  value: string;
  onChange: (value: string) => void;
  /** The first and last days that can be chosen (ISO days, or ''). */
  min?: string;
  max?: string;
  /** Which edge of the field the calendar lines up with (the end for a field on the right). */
  align?: 'start' | 'end';
};

/**
 * The spec's date picker (section 9): a text field showing mm/dd/yy (typing a date there works
 * too) and a button opening a calendar popover whose weeks start on Sunday, with the month and
 * weekday names in the player's language. In the calendar the arrows move the day (Page Up/Down
 * the month), Enter picks it, Escape closes and gives the focus back to the button; today is
 * marked, days outside min/max are disabled.
 */
export function DatePicker({
  label,
  value,
  onChange,
  min = '',
  max = '',
  align = 'start',
}: DatePickerProps) {
  const { t, i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  const id = useId();
  const [text, setText] = useState(toPickerText(value));
  const [open, setOpen] = useState(false);
  const [focused, setFocused] = useState(value || clampDay(todayIso(), min, max));
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const gridRef = useRef<HTMLTableElement>(null);
  const [invalid, setInvalid] = useState(false);

  // A new value from outside (a pick, the other end of the range, Clear) replaces what is typed.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(toPickerText(value));
    setInvalid(false);
  }

  // Closes on a press outside.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  // The focused day takes the focus while the calendar is open (before the next key press).
  useLayoutEffect(() => {
    if (!open) return;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [open, focused]);

  const commitText = () => {
    const trimmed = text.trim();
    if (!trimmed) {
      setInvalid(false);
      if (value) onChange('');
      return;
    }
    const parsed = parsePickerText(trimmed);
    if (!parsed) {
      setInvalid(true);
      return;
    }
    const day = clampDay(parsed, min, max);
    setInvalid(false);
    setText(toPickerText(day));
    if (day !== value) onChange(day);
  };

  const openCalendar = () => {
    setFocused(clampDay(value || todayIso(), min, max));
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };
  const pick = (day: string) => {
    onChange(day);
    close();
  };
  const moveTo = (day: string) => setFocused(clampDay(day, min, max));

  const onGridKey = (e: KeyboardEvent) => {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      PageUp: () => addMonths(focused, -1),
      PageDown: () => addMonths(focused, 1),
    };
    if (e.key === 'Enter' || e.key === ' ') {
      // The day moved to, even when a fast second key comes before the focus followed.
      e.preventDefault();
      if (!(e.target as HTMLButtonElement).disabled) pick(focused);
      return;
    }
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      moveTo(move());
    }
  };

  const { year, month } = monthOf(focused);
  const weeks = monthGrid(year, month);
  const weekdays = weekdayNames(locale);
  const weekdaysLong = weekdayNames(locale, 'long');
  const today = todayIso();
  const titleId = `${id}-title`;
  const prevMonthEnd = addDays(`${year}-${String(month + 1).padStart(2, '0')}-01`, -1);
  const nextMonthStart = addMonths(`${year}-${String(month + 1).padStart(2, '0')}-01`, 1);

  return (
    <div className="dp" ref={rootRef}>
      <label className="dp-label" htmlFor={`${id}-input`}>
        {label}
      </label>
      <div className={`dp-field${invalid ? ' is-invalid' : ''}`}>
        <input
          id={`${id}-input`}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('payments.datePicker.placeholder')}
          value={text}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(e) => setText(e.target.value)}
          onBlur={commitText}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commitText();
            if (e.key === 'ArrowDown' && e.altKey) {
              e.preventDefault();
              openCalendar();
            }
          }}
        />
        <button
          ref={toggleRef}
          type="button"
          className="dp-toggle"
          aria-label={t('payments.datePicker.open', { field: label })}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => (open ? setOpen(false) : openCalendar())}
        >
          <Icon name="calendar" size={18} />
        </button>
      </div>
      {invalid ? (
        <p id={`${id}-error`} className="dp-error" role="alert">
          {t('payments.datePicker.invalid')}
        </p>
      ) : null}
      {open ? (
        <div
          className={`dp-popover dp-popover--${align}`}
          role="dialog"
          aria-modal="false"
          aria-labelledby={titleId}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              close();
            }
          }}
        >
          <div className="dp-head">
            <button
              type="button"
              className="dp-nav"
              aria-label={t('payments.datePicker.previousMonth')}
              disabled={Boolean(min) && prevMonthEnd < min}
              onClick={() => moveTo(addMonths(focused, -1))}
            >
              <Icon name="chevronLeft" size={18} />
            </button>
            <h2 id={titleId} className="dp-title" aria-live="polite">
              {monthTitle(locale, year, month)}
            </h2>
            <button
              type="button"
              className="dp-nav"
              aria-label={t('payments.datePicker.nextMonth')}
              disabled={Boolean(max) && nextMonthStart > max}
              onClick={() => moveTo(addMonths(focused, 1))}
            >
              <Icon name="chevronRight" size={18} />
            </button>
          </div>
          <table
            className="dp-grid"
            role="grid"
            aria-labelledby={titleId}
            ref={gridRef}
            onKeyDown={onGridKey}
          >
            <thead>
              <tr>
                {weekdays.map((w, i) => (
                  <th key={w} scope="col" abbr={weekdaysLong[i]}>
                    {w}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={week[0].iso}>
                  {week.map((d) => {
                    const disabled = (Boolean(min) && d.iso < min) || (Boolean(max) && d.iso > max);
                    const selected = d.iso === value;
                    const isToday = d.iso === today;
                    return (
                      <td key={d.iso} aria-selected={selected}>
                        <button
                          type="button"
                          data-day={d.iso}
                          className={[
                            'dp-day',
                            d.inMonth ? '' : 'is-outside',
                            selected ? 'is-selected' : '',
                            isToday ? 'is-today' : '',
                          ]
                            .filter(Boolean)
                            .join(' ')}
                          tabIndex={d.iso === focused ? 0 : -1}
                          disabled={disabled}
                          aria-label={
                            isToday
                              ? `${dayLabel(locale, d.iso)}, ${t('payments.datePicker.today')}`
                              : dayLabel(locale, d.iso)
                          }
                          aria-current={isToday ? 'date' : undefined}
                          onClick={() => pick(d.iso)}
                        >
                          {d.day}
                        </button>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
