import { useEffect, useMemo } from 'react';
import { Controller, type Control, type FieldErrors, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  Field,
  InputBox,
  MASKS,
  MaskedField,
  MaskedInput,
  describedBy,
  serverFieldErrors,
} from '@/components/ui/form';
import { Icon } from '@/components/ui/icon';
import { readAffiliateParams } from '@/lib/affiliate';
import { defaultCountryId, useRegisterForm, type Country } from '../api/get-register-form';
import {
  REGISTER_FIELD_ALIASES,
  buildFullPayload,
  fullRegisterSchema,
  type FullRegisterInput,
} from '../api/register';
import { PhoneField } from './auth-fields';
import {
  ACCOUNT_DEFAULTS,
  ACCOUNT_FIELDS,
  AccountFields,
  RegisterEnd,
  type RegisterFormProps,
  useRegistration,
} from './register-fields';

const BIRTH_PARTS = ['birthDateDay', 'birthDateMonth', 'birthDateYear'] as const;
type BirthPart = (typeof BIRTH_PARTS)[number];

const FULL_ERRORS = serverFieldErrors<FullRegisterInput>(
  [...ACCOUNT_FIELDS, 'personalNo', ...BIRTH_PARTS, 'country'],
  REGISTER_FIELD_ALIASES,
);

type FormParts = {
  control: Control<FullRegisterInput>;
  errors: FieldErrors<FullRegisterInput>;
};

/** Birthdate as three boxes (day, month, year); a one-digit day or month becomes 01 on leaving. */
function BirthDateField({
  control,
  errors,
  setValue,
}: FormParts & { setValue: UseFormSetValue<FullRegisterInput> }) {
  const { t } = useTranslation();
  const box = (name: BirthPart, mask: string, label: string, placeholder: string) => (
    <Controller
      control={control}
      name={name}
      rules={{ deps: BIRTH_PARTS.filter((p) => p !== name) }}
      render={({ field }) => (
        <MaskedInput
          id={`full-${name}`}
          mask={mask}
          value={field.value}
          onValue={(v) => {
            field.onChange(v);
          }}
          onBlur={() => {
            if (name !== 'birthDateYear' && field.value.length === 1) {
              setValue(name, field.value.padStart(2, '0'), { shouldValidate: true });
            }
            field.onBlur();
          }}
          inputRef={field.ref}
          placeholder={placeholder}
          aria-label={label}
          className={`date-box date-box--${name === 'birthDateYear' ? 'year' : 'short'}`}
          error={errors[name]}
        />
      )}
    />
  );
  const error = errors.birthDateDay ?? errors.birthDateMonth ?? errors.birthDateYear;
  return (
    <Field id="full-birthDateDay" label={t('auth.fields.birthDate')} error={error}>
      <div className="date-boxes" role="group" aria-label={t('auth.fields.birthDate')}>
        {box('birthDateDay', MASKS.day, t('auth.fields.day'), t('auth.fields.dayShort'))}
        <span aria-hidden="true">.</span>
        {box('birthDateMonth', MASKS.month, t('auth.fields.month'), t('auth.fields.monthShort'))}
        <span aria-hidden="true">.</span>
        {box('birthDateYear', MASKS.year, t('auth.fields.year'), t('auth.fields.yearShort'))}
      </div>
    </Field>
  );
}

/** The country dropdown (GET auth/form's countries). */
function CountryField({
  control,
  errors,
  countries,
  loading,
}: FormParts & { countries: Country[]; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <Field id="full-country" label={t('auth.fields.country')} error={errors.country}>
      <Controller
        control={control}
        name="country"
        render={({ field }) => (
          <InputBox
            icon="flag"
            action={<Icon name="chevronDown" size={18} className="input-wrap__chevron" />}
          >
            <select
              id="full-country"
              ref={field.ref}
              value={field.value || ''}
              onChange={(e) => field.onChange(Number(e.target.value))}
              onBlur={field.onBlur}
              {...describedBy('full-country', errors.country)}
            >
              <option value="" disabled>
                {loading ? t('common.loading') : t('auth.fields.selectCountry')}
              </option>
              {countries.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </InputBox>
        )}
      />
    </Field>
  );
}

/** Default Register: the account fields plus TC No, birthdate and country, in one form. */
export function FullRegisterForm({ onRegistered, trialAmount, termsPage }: RegisterFormProps) {
  const { t } = useTranslation();
  const affiliate = useMemo(() => readAffiliateParams(), []);
  const formQuery = useRegisterForm(affiliate.refId);
  const countries = useMemo(() => formQuery.data?.countries ?? [], [formQuery.data]);
  const {
    register,
    control,
    setValue,
    getValues,
    onSubmit,
    pending,
    formState: { errors, isValid },
  } = useRegistration(
    fullRegisterSchema,
    {
      ...ACCOUNT_DEFAULTS,
      personalNo: '',
      // Empty, with GG AA YYYY as placeholders: a date the player did not give is not theirs
      // (issue 30; the spec's 01-01-1970 default was a value the player could send unread).
      birthDateDay: '',
      birthDateMonth: '',
      birthDateYear: '',
      country: 0,
      trialBonus: false,
    },
    FULL_ERRORS,
    buildFullPayload,
    onRegistered,
  );

  // The default country is the one named Türkiye.
  useEffect(() => {
    if (getValues('country')) return;
    const id = defaultCountryId(countries);
    if (id != null) setValue('country', id, { shouldValidate: true });
  }, [countries, getValues, setValue]);

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <div className="form-grid">
        <AccountFields form="full" errors={errors} register={register} />
        <PhoneField control={control} name="phone" id="full-phone" error={errors.phone} />
        <MaskedField
          control={control}
          name="personalNo"
          id="full-personalNo"
          label={t('auth.fields.personalNo')}
          error={errors.personalNo}
          icon="idCard"
          mask={MASKS.personalNo}
          autoComplete="off"
          placeholder="12345678901"
        />
        <BirthDateField control={control} errors={errors} setValue={setValue} />
        <CountryField
          control={control}
          errors={errors}
          countries={countries}
          loading={formQuery.isLoading}
        />
      </div>
      <RegisterEnd
        form="full"
        control={control}
        error={errors.acceptTerms}
        trialAmount={trialAmount}
        termsPage={termsPage}
        ready={isValid}
        pending={pending}
      />
    </form>
  );
}
