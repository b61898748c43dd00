import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { FORM_MODE, serverFieldErrors } from '@/components/ui/form';
import { readAffiliateParams } from '@/lib/affiliate';
import { buildShortPayload, shortRegisterSchema, type ShortRegisterInput } from '../api/register';
import { NewPasswordFields, PhoneField } from './auth-fields';
import {
  ACCOUNT_DEFAULTS,
  ACCOUNT_FIELDS,
  AccountTextField,
  ConsentField,
  TrialField,
  type AccountTextName,
  type RegisterFormProps,
  useRegisterSubmit,
} from './register-fields';

const SHORT_ERRORS = serverFieldErrors<ShortRegisterInput>(ACCOUNT_FIELDS);

/**
 * The short form of spec section 2 (the Default Register tab when the site option `register-form`
 * is `short`): the full form without ID number, birth date and country, in one form.
 */
export function ShortRegisterForm({ onRegistered, trialAmount, termsPage }: RegisterFormProps) {
  const { t } = useTranslation();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isValid },
  } = useForm<ShortRegisterInput>({
    resolver: zodResolver(shortRegisterSchema),
    mode: FORM_MODE,
    defaultValues: { ...ACCOUNT_DEFAULTS, trialBonus: false },
  });

  const registration = useRegisterSubmit(SHORT_ERRORS, setError, onRegistered);
  const onSubmit = handleSubmit((input) =>
    registration.submit(buildShortPayload(input, readAffiliateParams())),
  );

  const text = (name: AccountTextName) => (
    <AccountTextField
      form="short"
      error={errors[name]}
      autoFocus={name === 'name'}
      {...register(name)}
    />
  );

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <div className="form-grid">
        {text('name')}
        {text('surname')}
        {text('username')}
        {text('email')}
        <NewPasswordFields
          idPrefix="short"
          labels={[t('auth.fields.password'), t('auth.fields.confirmPassword')]}
          errors={errors}
          register={register}
        />
        <div className="form-grid__full">
          <PhoneField control={control} name="phone" id="short-phone" error={errors.phone} />
        </div>
      </div>
      <TrialField control={control} name="trialBonus" id="short-trial" amount={trialAmount} />
      <ConsentField
        control={control}
        name="acceptTerms"
        id="short-consent"
        termsPage={termsPage}
        error={errors.acceptTerms}
      />
      <button
        type="submit"
        className="btn btn--primary btn--block btn--lg"
        disabled={!isValid || registration.isPending}
      >
        {registration.isPending ? t('common.loading') : t('auth.register.submit')}
      </button>
    </form>
  );
}
