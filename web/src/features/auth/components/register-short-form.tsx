import { serverFieldErrors } from '@/components/ui/form';
import { buildShortPayload, shortRegisterSchema, type ShortRegisterInput } from '../api/register';
import { PhoneField } from './auth-fields';
import {
  ACCOUNT_DEFAULTS,
  ACCOUNT_FIELDS,
  AccountFields,
  RegisterEnd,
  type RegisterFormProps,
  useRegistration,
} from './register-fields';

const SHORT_ERRORS = serverFieldErrors<ShortRegisterInput>(ACCOUNT_FIELDS);

/**
 * The short form of spec section 2 (the Default Register tab when the site option `register-form`
 * is `short`): the full form without ID number, birth date and country, in one form.
 */
export function ShortRegisterForm({ onRegistered, trialAmount, termsPage }: RegisterFormProps) {
  const {
    register,
    control,
    onSubmit,
    pending,
    formState: { errors, isValid },
  } = useRegistration(
    shortRegisterSchema,
    { ...ACCOUNT_DEFAULTS, trialBonus: false },
    SHORT_ERRORS,
    buildShortPayload,
    onRegistered,
  );

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <div className="form-grid">
        <AccountFields form="short" errors={errors} register={register} />
        <div className="form-grid__full">
          <PhoneField control={control} name="phone" id="short-phone" error={errors.phone} />
        </div>
      </div>
      <RegisterEnd
        form="short"
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
