import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from 'react-hook-form';
import { InputBox, MaskedInput } from '@/components/ui/form';
import { Icon } from '@/components/ui/icon';
import { ibanDigits } from '../form-values';

/** Spec section 5: the IBAN's mask and placeholder (imask writes a digit slot as 0). */
export const IBAN_MASK = 'TR00 0000 0000 0000 0000 0000 00';
export const IBAN_PLACEHOLDER = 'TR00 0000 0000 0000 0000 0000 00';

type IbanInputProps = {
  id: string;
  /** The 24 digits after TR. */
  value: string;
  onValue: (digits: string) => void;
  onBlur: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: FieldError;
};

/** The IBAN input: TR and 24 digits in groups of four, with a button that pastes the clipboard. */
export function IbanInput({ id, value, onValue, onBlur, inputRef, error }: IbanInputProps) {
  const { t } = useTranslation();
  const paste = async () => {
    try {
      const text = await navigator.clipboard.readText();
      onValue(ibanDigits(text));
      onBlur();
    } catch {
      // The clipboard is not readable (permission refused): the player types it.
    }
  };
  return (
    <InputBox
      action={
        <button
          type="button"
          className="input-wrap__action iban-paste"
          onClick={() => void paste()}
          aria-label={t('payments.paste')}
          title={t('payments.paste')}
        >
          <Icon name="contents" size={18} />
        </button>
      }
    >
      <MaskedInput
        id={id}
        mask={IBAN_MASK}
        value={value}
        onValue={onValue}
        onBlur={onBlur}
        inputRef={inputRef}
        placeholder={IBAN_PLACEHOLDER}
        inputMode="numeric"
        autoComplete="off"
        className="iban-input"
        error={error}
      />
    </InputBox>
  );
}
