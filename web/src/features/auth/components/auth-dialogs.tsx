import { lazy, Suspense, useState, type ComponentType } from 'react';
import { celebrationStore } from '@/lib/celebrate';
import { useStore } from '@/lib/create-store';
import { whenIdle } from '@/lib/idle';
import { useOpenDialog, type DialogName } from '../stores/dialogs';
import { AuthDialogsContext, type AuthDialogsProps } from './auth-dialogs-context';
import './auth-dialogs.css';

/**
 * Each dialog is its own chunk (issue 11: dialogs load on demand), fetched the first time it opens
 * and kept mounted afterwards so it closes and reopens as before. Login and registration are also
 * fetched once the page has settled after its load (prefetchAuthDialogs), so they open at once.
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

/** How long after the page's load the login and registration dialogs are fetched. */
export const AUTH_PREFETCH_AFTER_LOAD_MS = 3000;

/**
 * Fetches the login and registration dialogs once the page has settled: at the first idle moment
 * AUTH_PREFETCH_AFTER_LOAD_MS after its load, so their code does not compete with the start-up's
 * own requests (the popup's picture, the banners) on a slow connection. A dialog opened sooner
 * loads on demand.
 */
export function prefetchAuthDialogs(): () => void {
  let timer = 0;
  const fetchThem = () => {
    void loaders.login();
    void loaders.register();
  };
  const later = () => {
    timer = window.setTimeout(() => whenIdle(fetchThem, 5000), AUTH_PREFETCH_AFTER_LOAD_MS);
  };
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
  return () => {
    window.clearTimeout(timer);
    window.removeEventListener('load', later);
  };
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
