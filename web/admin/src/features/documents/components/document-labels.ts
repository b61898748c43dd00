import { labelOf } from '../../../lib/format';

const WORDS: Record<string, string> = {
  identity: 'Identity',
  address: 'Proof of address',
  id_card: 'ID card',
  passport: 'Passport',
  driving_licence: 'Driving licence',
  driver_license: 'Driving licence',
  front: 'Front',
  back: 'Back',
};

/** A document's kind, type or side for people. */
export function docWord(value: string | null | undefined): string {
  if (!value) return '—';
  return WORDS[value] ?? labelOf(value);
}
