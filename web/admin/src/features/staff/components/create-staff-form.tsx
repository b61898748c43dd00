import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { Notice } from '../../../components/ui/status';
import { errorText } from '../../../lib/api-client';
import { ROLES } from '../../../lib/permissions';
import { createStaffSchema, useCreateStaff, type CreateStaffValues } from '../api/create-staff';

/** A new staff member: username, a first password and roles. */
export function CreateStaffForm() {
  const create = useCreateStaff();
  const form = useForm<CreateStaffValues>({
    resolver: zodResolver(createStaffSchema),
    defaultValues: { username: '', password: '', roles: [] },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  return (
    <form
      className="form"
      noValidate
      onSubmit={form.handleSubmit((values) =>
        create.mutate(values, {
          onSuccess: () => {
            toast.success(
              `${values.username} created: once a second administrator confirms them, they set up their authenticator at their first sign-in.`,
            );
            form.reset({ username: '', password: '', roles: [] });
          },
        }),
      )}
    >
      {create.isError ? <Notice tone="error">{errorText(create.error)}</Notice> : null}
      <TextField
        label="Username"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        hint="3 to 32 lower-case letters, digits, dots, dashes or underscores."
        error={errors.username?.message}
        {...form.register('username')}
      />
      <TextField
        label="First password"
        type="password"
        autoComplete="new-password"
        hint="At least 12 characters. Give it to them in person."
        error={errors.password?.message}
        {...form.register('password')}
      />
      <fieldset className="choice" aria-describedby={errors.roles ? 'roles-error' : undefined}>
        <legend className="field__label">Roles</legend>
        {ROLES.map((r) => (
          <CheckboxField
            key={r.role}
            label={r.label}
            description={r.about}
            value={r.role}
            {...form.register('roles')}
          />
        ))}
        {errors.roles?.message ? (
          <p id="roles-error" className="field__error">
            {errors.roles.message}
          </p>
        ) : null}
      </fieldset>
      <div>
        <button type="submit" className="btn btn--primary" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create staff member'}
        </button>
      </div>
    </form>
  );
}
