import { NavLink, Navigate, Outlet, useLocation } from 'react-router';
import { useMe } from '../../features/auth/api/get-me';
import { useLogout } from '../../features/auth/api/logout';
import { useQueues } from '../../features/queues/api/get-queues';
import { Icon } from '../../components/ui/icon';
import { LoadError, Loading } from '../../components/ui/status';
import { labelOf } from '../../lib/format';
import { useSession } from '../../lib/session';
import { visibleNav } from '../nav';
import { StaffContext } from './staff-context';

/**
 * The signed-in frame: the top bar (the member's name, roles and Sign out), the side navigation
 * (only what their permissions open, with the queues' counts) and the page. Without a session, or
 * once a call answers 401, it goes to sign-in.
 */
export function Shell() {
  const session = useSession();
  const location = useLocation();
  if (!session.token) {
    return <Navigate to="/sign-in" replace state={{ from: location.pathname + location.search }} />;
  }
  return <SignedIn />;
}

function SignedIn() {
  const me = useMe();
  if (me.isPending) {
    return (
      <main className="boot" id="main">
        <h1 className="visually-hidden">Kasa Back Office</h1>
        <Loading label="Opening the back office…" />
      </main>
    );
  }
  if (me.isError) {
    return (
      <main className="boot" id="main">
        <h1 className="page-title">The back office could not open</h1>
        <LoadError error={me.error} onRetry={() => me.refetch()} />
      </main>
    );
  }
  const staff = me.data;
  return (
    <StaffContext.Provider value={staff}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="shell">
        <TopBar username={staff.username} roles={staff.roles} />
        <SideNav permissions={staff.permissions} />
        <main id="main" className="main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </StaffContext.Provider>
  );
}

function TopBar({ username, roles }: { username: string; roles: string[] }) {
  const logout = useLogout();
  return (
    <header className="topbar">
      <NavLink to="/" className="brand" aria-label="Kasa Back Office, dashboard">
        {/* The mark's letter is drawn by the style sheet and the words are kept apart, so that
            the link's name contains the words it shows (WCAG 2.5.3, Label in Name). */}
        <span className="brand__mark" aria-hidden="true" />
        <span className="brand__name">KASA</span> <span className="brand__tag">Back office</span>
      </NavLink>
      <div className="topbar__end">
        <p className="who">
          <span className="who__name">{username}</span>
          <span className="who__roles">{roles.map(labelOf).join(', ')}</span>
        </p>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
        >
          <Icon name="signOut" size={16} />
          Sign out
        </button>
      </div>
    </header>
  );
}

function SideNav({ permissions }: { permissions: string[] }) {
  const queues = useQueues();
  return (
    <nav className="sidenav" aria-label="Main">
      <ul className="sidenav__list">
        {visibleNav(permissions).map((item) => {
          const count = item.queue ? queues.data?.[item.queue].count : undefined;
          return (
            <li key={item.to}>
              <NavLink to={item.to} end={item.to === '/'} className="sidenav__link">
                <Icon name={item.icon} />
                <span className="sidenav__label">{item.label}</span>
                {count ? (
                  <span className="sidenav__count tabular">
                    {count}
                    <span className="visually-hidden"> waiting</span>
                  </span>
                ) : null}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
