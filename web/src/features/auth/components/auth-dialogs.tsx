import { lazy, Suspense, useState, type ComponentType } from 'react';
import { celebrationStore } from '@/lib/celebrate';
import { useStore } from '@/lib/create-store';
import { useOpenDialog, type DialogName } from '../stores/dialogs';
import { AuthDialogsContext, type AuthDialogsProps } from './auth-dialogs-context';
import './auth-dialogs.css';

/**
 * Each dialog is its own chunk (issue 11: dialogs load on demand), fetched the first time it opens
 * and kept mounted afterwards so it closes and reopens as before. Login and registration are also
 * fetched when the browser is idle after the page has loaded, so they open at once.
 */
const loaders: Record<DialogName, () => Promise<{ default: ComponentType }>> = {
  login: () => import('./login-dialog').then((m) => ({ default: m.LoginDialog })),
  register: () => import('./register-dialog').then((m) => ({ default: m.RegisterDialog })),
  recovery: () => import('./recovery-dialog').then((m) => ({ default: m.RecoveryDialog })),
  changePassword: () =>
    import('./change-password-dialog').then((m) => ({ default: m.ChangePasswordDialog })),
  smsVerify: () => import('./sms-verify-dialog').then((m) => ({ default: m.SmsVerifyDialog })),
  phoneVerification: () =>
    import('./phone-verification-dialog').then((m) => ({ default: m.PhoneVerificationDialog })),
};

const dialogs: Record<DialogName, ComponentType> = {
  login: lazy(loaders.login),
  register: lazy(loaders.register),
  recovery: lazy(loaders.recovery),
  changePassword: lazy(loaders.changePassword),
  smsVerify: lazy(loaders.smsVerify),
  phoneVerification: lazy(loaders.phoneVerification),
};

/** The celebration of a granted trial bonus (lib/celebrate), loaded when there is one. */
const ClaimCelebration = lazy(() =>
  import('./claim-celebration').then((m) => ({ default: m.ClaimCelebration })),
);

/** Fetches the login and registration dialogs once the page is loaded and the browser idle. */
export function prefetchAuthDialogs(): void {
  const fetchThem = () => {
    void loaders.login();
    void loaders.register();
  };
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(fetchThem, { timeout: 5000 });
    } else {
      setTimeout(fetchThem, 2000);
    }
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** Every dialog flag of spec section 2 (only one is open at a time: stores/dialogs). */
export function AuthDialogs(props: AuthDialogsProps) {
  const open = useOpenDialog();
  const celebration = useStore(celebrationStore);
  const [opened, setOpened] = useState<DialogName[]>([]);
  if (open && !opened.includes(open)) setOpened([...opened, open]);
  return (
    <AuthDialogsContext value={props}>
      {opened.map((name) => {
        const Dialog = dialogs[name];
        return (
          <Suspense key={name} fallback={null}>
            <Dialog />
          </Suspense>
        );
      })}
      {celebration ? (
        <Suspense fallback={null}>
          <ClaimCelebration message={celebration.message} />
        </Suspense>
      ) : null}
    </AuthDialogsContext>
  );
}
