import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { Icon } from '@/components/ui/icon';
import { Deferred } from '@/components/ui/deferred';
import { Logo } from '@/components/ui/logo';
import { Sheet } from '@/components/ui/sheet';
import { DESKTOP_QUERY, DOCKED_MENU_QUERY, useMediaQuery } from '@/hooks/use-media-query';
import { useDefaultMetaDescription } from '@/hooks/use-meta-description';
import { useScrolledPast } from '@/hooks/use-scrolled-past';
import { useBootstrap, useSiteOptions } from '@/features/bootstrap/api/get-bootstrap';
import { buildCrumbs } from '../breadcrumbs';
import { useSession } from '@/lib/session-store';
import { AppDialogs } from './app-dialogs';
import { BottomBar } from './bottom-bar';
import { Footer } from './footer';
import { Header } from './header';
import { SideMenu } from './side-menu';
import { LiveChat } from './live-chat';
import { DomainBanner, TopNotifyBanner } from './top-banners';
import './layout.css';

/** The logged-in session's effects (the hub, its pushes, live notifications) load with the login. */
const SessionEffects = lazy(() =>
  import('../session-effects').then((m) => ({ default: m.SessionEffects })),
);

/** Player protection's reality check and session time limit load with the login (issue 31). */
const ProtectionGuard = lazy(() =>
  import('./protection-guard').then((m) => ({ default: m.ProtectionGuard })),
);

export const HEADER_HIDE_OFFSET = 100;
export const MANIFEST_DELAY_MS = 1000;

/** Adds the web app manifest link to <head> 1000 ms after the first view renders. */
function useDeferredManifest() {
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (document.querySelector('link[rel="manifest"]')) return;
      const link = document.createElement('link');
      link.rel = 'manifest';
      link.href = '/manifest.webmanifest';
      document.head.appendChild(link);
    }, MANIFEST_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
}

function useCrumbs() {
  const matches = useMatches();
  const { t } = useTranslation();
  const { data } = useBootstrap();
  return useMemo(() => {
    const titles = new Map<string, string>();
    for (const c of data?.categoryList ?? [])
      for (const e of c.content) titles.set(String(e.id), e.title);
    return buildCrumbs(
      matches,
      (k) => t(k),
      (id) => titles.get(id),
    );
  }, [matches, t, data]);
}

function ConnectionNotice() {
  const { t } = useTranslation();
  const { data, query } = useBootstrap();
  if (data || (!query.isError && query.failureCount === 0)) return null;
  return (
    <div className="connection-notice" role="status">
      <Icon name="info" size={16} />
      {t('errors.bootstrapRetrying')}
    </div>
  );
}

/**
 * The layout appears once the bootstrap is known (the stored copy at once, else the server's
 * first answer or failure), so the domain and top banners never push a page already shown down;
 * until then index.html's static frame stands, and it is removed in the same frame.
 */
export function AppLayout() {
  const { data, query } = useBootstrap();
  const ready = data !== null || query.failureCount > 0;
  useLayoutEffect(() => {
    if (ready) document.getElementById('boot-shell')?.remove();
  }, [ready]);
  return ready ? <Frame /> : null;
}

function Frame() {
  const { t } = useTranslation();
  const location = useLocation();
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const docked = useMediaQuery(DOCKED_MENU_QUERY);
  const scrolled = useScrolledPast(HEADER_HIDE_OFFSET);
  const options = useSiteOptions();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const crumbs = useCrumbs();
  const { isLoggedIn } = useSession();
  useDeferredManifest();

  useDefaultMetaDescription(t('meta.description'), location.pathname);
  useEffect(() => {
    const name = options['site-name'] ?? 'Kasa';
    const last = crumbs.length > 1 ? crumbs[crumbs.length - 1].label : null;
    document.title = last ? `${last} · ${name}` : `${name} · ${t('meta.tagline')}`;
  }, [crumbs, options, t]);

  return (
    <div
      className={`app${scrolled ? ' app--header-hidden' : ''}${isDesktop ? '' : ' app--mobile'}`}
    >
      <a href="#main" className="skip-link">
        {t('common.skipToContent')}
      </a>
      <DomainBanner />
      <TopNotifyBanner />
      <Header
        isDesktop={isDesktop}
        showMenuButton={!docked}
        menuOpen={menuOpen}
        onMenu={() => setMenuOpen(true)}
        hidden={scrolled}
      />
      <div className="shell">
        {docked ? (
          <aside className="sidebar" aria-label={t('menu.label')}>
            <SideMenu onDone={closeMenu} />
          </aside>
        ) : null}
        <div className="shell__main">
          <ConnectionNotice />
          <main id="main" className="main" tabIndex={-1}>
            {location.pathname !== '/' && crumbs.length > 0 ? (
              <div className="main__crumbs">
                <Breadcrumbs items={crumbs} />
              </div>
            ) : null}
            <Outlet />
          </main>
          <Deferred minHeight={640}>
            <Footer />
          </Deferred>
        </div>
      </div>
      {!isDesktop ? <BottomBar /> : null}
      <Sheet
        open={menuOpen && !docked}
        onClose={closeMenu}
        title={t('menu.label')}
        side="left"
        className="menu-sheet"
        head={<Logo name={options['site-name'] ?? 'Kasa'} />}
      >
        <SideMenu onDone={closeMenu} />
      </Sheet>
      {/* The dialogs and the chat come a turn after the page (nothing of theirs shows at first). */}
      <Deferred minHeight={0}>
        <AppDialogs />
        <LiveChat />
      </Deferred>
      {isLoggedIn ? (
        <>
          <Suspense fallback={null}>
            <SessionEffects />
          </Suspense>
          <Suspense fallback={null}>
            <ProtectionGuard />
          </Suspense>
        </>
      ) : null}
      {/* A new route opens at the top; back and forward restore where the player left. */}
      <ScrollRestoration />
    </div>
  );
}
