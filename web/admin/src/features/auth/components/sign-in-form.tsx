import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useQueryClient } from '@tanstack/react-query';
import { TextField } from '../../../components/ui/field';
import { Notice } from '../../../components/ui/status';
import { ApiError, errorText } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';
import { meQueryKey } from '../api/get-me';
import { useEnrol } from '../api/enrol';
import { useLogin, type SignIn } from '../api/login';
import { AuthenticatorQr } from './authenticator-qr';

/**
 * Sign-in (docs/backoffice-api.md): the username and password first; then, as the server asks,
 * the authenticator's 6-digit code (`code`), or the authenticator's set-up (`enrol`: the QR code
 * of its otpauth URI and its base32 key as text, then a code, sent to auth/enrol). `ok` keeps the
 * token for the tab's life and opens the app. The server's message shows for a wrong password or
 * code (401, one message for both) and a locked account (429).
 */

const passwordSchema = z.object({
  username: z.string().trim().min(1, 'Enter your username.'),
  password: z.string().min(1, 'Enter your password.'),
});
type PasswordValues = z.infer<typeof passwordSchema>;

const codeSchema = z.object({
  code: z
    .string()
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6 digits your authenticator app shows.')),
});
type CodeInput = z.input<typeof codeSchema>;
type CodeValues = z.output<typeof codeSchema>;

type Step =
  | { kind: 'password' }
  | { kind: 'code'; username: string; password: string }
  | { kind: 'enrol'; username: string; password: string; secret: string; uri: string };

/** The key in groups of four, as authenticator apps show it. */
const grouped = (secret: string) => secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [error, setError] = useState<string | null>(null);
  const login = useLogin();
  const enrol = useEnrol();

  const next = (result: SignIn, username: string, password: string) => {
    setError(null);
    if (result.status === 'ok') {
      startSession(result.token);
      queryClient.setQueryData(meQueryKey, result.staff);
      onSignedIn();
    } else if (result.status === 'code') {
      setStep({ kind: 'code', username, password });
    } else {
      setStep({ kind: 'enrol', username, password, secret: result.secret, uri: result.uri });
    }
  };

  const failed = (cause: unknown) => {
    setError(
      cause instanceof ApiError && cause.status === 409
        ? `${cause.message} Start again from your password.`
        : errorText(cause),
    );
  };

  const startOver = () => {
    setError(null);
    setStep({ kind: 'password' });
  };

  if (step.kind === 'password') {
    return (
      <PasswordStep
        error={error}
        pending={login.isPending}
        onSubmit={(values) => {
          login.mutate(values, {
            onSuccess: (result) => next(result, values.username, values.password),
            onError: failed,
          });
        }}
      />
    );
  }

  const pending = login.isPending || enrol.isPending;
  const submitCode = (code: string, done: () => void) => {
    const body = { username: step.username, password: step.password, code };
    const handlers = {
      onSuccess: (result: SignIn) => next(result, step.username, step.password),
      onError: (cause: unknown) => {
        failed(cause);
        done();
      },
    };
    if (step.kind === 'enrol') enrol.mutate(body, handlers);
    else login.mutate(body, handlers);
  };

  return (
    <CodeStep
      key={step.kind}
      step={step}
      error={error}
      pending={pending}
      onSubmit={submitCode}
      onStartOver={startOver}
    />
  );
}

function PasswordStep({
  error,
  pending,
  onSubmit,
}: {
  error: string | null;
  pending: boolean;
  onSubmit: (values: PasswordValues) => void;
}) {
  const form = useForm<PasswordValues>({
    resolver: zodResolver(passwordSchema),
    defaultValues: { username: '', password: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  return (
    <form className="form" noValidate onSubmit={form.handleSubmit(onSubmit)}>
      {error ? <Notice tone="error">{error}</Notice> : null}
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username?.message}
        autoFocus
        {...form.register('username')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={pending}>
        {pending ? 'Signing in…' : 'Continue'}
      </button>
    </form>
  );
}

function CodeStep({
  step,
  error,
  pending,
  onSubmit,
  onStartOver,
}: {
  step: Extract<Step, { kind: 'code' | 'enrol' }>;
  error: string | null;
  pending: boolean;
  onSubmit: (code: string, done: () => void) => void;
  onStartOver: () => void;
}) {
  const form = useForm<CodeInput, unknown, CodeValues>({
    resolver: zodResolver(codeSchema),
    defaultValues: { code: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const enrolling = step.kind === 'enrol';
  return (
    <form
      className="form"
      noValidate
      onSubmit={form.handleSubmit(({ code }) =>
        onSubmit(code, () => {
          form.reset({ code: '' });
          form.setFocus('code');
        }),
      )}
    >
      <h2 className="sign-in__step">
        {enrolling ? 'Set up your authenticator' : 'Enter your authenticator code'}
      </h2>
      {enrolling ? (
        <div className="enrol">
          <p className="muted">
            Your account has no authenticator yet. Scan this QR code with an authenticator app
            (Google Authenticator, Microsoft Authenticator, 1Password…), or add the key below by
            hand, then enter the 6-digit code the app shows.
          </p>
          <div className="enrol__pair">
            <AuthenticatorQr uri={step.uri} />
            <div className="enrol__key">
              <p className="field__label" id="enrol-key-label">
                Key (base32)
              </p>
              <p className="secret" aria-labelledby="enrol-key-label">
                <code>{grouped(step.secret)}</code>
              </p>
              <p className="field__hint">Time-based, 6 digits, every 30 seconds.</p>
            </div>
          </div>
        </div>
      ) : (
        <p className="muted">
          Signed in as <strong>{step.username}</strong>. Open your authenticator app and enter the
          6-digit code it shows for Kasa.
        </p>
      )}
      {error ? <Notice tone="error">{error}</Notice> : null}
      <TextField
        label="6-digit code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        className="field--code"
        error={errors.code?.message}
        autoFocus
        {...form.register('code')}
      />
      <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={pending}>
        {pending ? 'Checking…' : enrolling ? 'Confirm and sign in' : 'Sign in'}
      </button>
      <button type="button" className="btn btn--text btn--block" onClick={onStartOver}>
        Use another account
      </button>
    </form>
  );
}
