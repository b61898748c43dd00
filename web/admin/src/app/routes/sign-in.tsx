import { Navigate, useLocation, useNavigate } from 'react-router';
import { SignInForm } from '../../features/auth/components/sign-in-form';
import { Notice } from '../../components/ui/status';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';

/** Where sign-in goes afterwards: the page that sent the member here, else the dashboard. */
function returnTo(state: unknown): string {
  if (state && typeof state === 'object' && 'from' in state) {
    const { from } = state as { from: unknown };
    if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('/sign-in')) {
      return from;
    }
  }
  return '/';
}

export function SignInPage() {
  usePageTitle('Sign in');
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const target = returnTo(location.state);
  if (session.token) return <Navigate to={target} replace />;
  return (
    <main className="sign-in" id="main">
      <div className="sign-in__card">
        <div className="brand brand--large" aria-hidden="true">
          <span className="brand__mark" />
          <span className="brand__name">KASA</span>
        </div>
        <h1 className="sign-in__title">Back office sign-in</h1>
        <p className="muted sign-in__lead">For Kasa staff only. Every sign-in is recorded.</p>
        {session.ended === 'expired' ? (
          <Notice tone="warning">Your session has ended. Sign in again.</Notice>
        ) : session.ended === 'signed-out' ? (
          <Notice tone="info">You are signed out.</Notice>
        ) : null}
        <SignInForm onSignedIn={() => navigate(target, { replace: true })} />
      </div>
    </main>
  );
}
