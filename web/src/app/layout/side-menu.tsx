import { useId, useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { gamePath, useFindGames } from '@/features/casino/api/search-games';
import { useSession } from '@/lib/session-store';
import { useBootstrap, useSiteOptions } from '@/features/bootstrap/api/get-bootstrap';
import { BUILT_IN_LANGUAGES, changeLanguage, getCurrentLanguage } from '@/lib/language';
import { openLiveChat } from '@/lib/live-chat';
import { DESKTOP_QUERY, useMediaQuery } from '@/hooks/use-media-query';
import { menuGroups, visibleItems, type MenuItem } from './menu-items';
import { SocialLinks, useSocialKeys } from './social-links';

type ItemProps = { item: MenuItem; onDone: () => void; depth?: number };

function ItemContent({ item }: { item: MenuItem }) {
  const { t } = useTranslation();
  return (
    <>
      <Icon name={item.icon} style={item.svgStyle} className="menu-item__icon" />
      <span className="menu-item__title">{t(item.title)}</span>
      {item.badge ? <span className="badge menu-item__badge">{t(item.badge)}</span> : null}
    </>
  );
}

function MenuEntry({ item, onDone, depth = 0 }: ItemProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const options = useSiteOptions();
  const findGames = useFindGames();
  const childrenId = useId();
  const activeChild = item.children?.some((c) => c.url && location.pathname.startsWith(c.url));
  const [isOpen, setIsOpen] = useState(item.isOpen ?? Boolean(activeChild));
  const className = depth > 0 ? 'menu-item menu-item--child' : 'menu-item';

  if (item.children && item.children.length > 0) {
    return (
      <li>
        <button
          type="button"
          className={`${className}${activeChild ? ' is-active-parent' : ''}`}
          aria-expanded={isOpen}
          aria-controls={childrenId}
          onClick={() => setIsOpen((v) => !v)}
        >
          <ItemContent item={item} />
          <Icon
            name="chevronDown"
            size={16}
            className={isOpen ? 'menu-item__chev is-open' : 'menu-item__chev'}
          />
        </button>
        <ul id={childrenId} className="menu-children" hidden={!isOpen}>
          {item.children.map((child) => (
            <MenuEntry
              key={`${child.title}-${child.url}`}
              item={child}
              onDone={onDone}
              depth={depth + 1}
            />
          ))}
        </ul>
      </li>
    );
  }

  if (item.url) {
    return (
      <li>
        <NavLink
          to={item.url}
          end
          className={({ isActive }) => `${className}${isActive ? ' is-active' : ''}`}
          onClick={onDone}
        >
          <ItemContent item={item} />
        </NavLink>
      </li>
    );
  }

  // A game entry (Aviator) opens its search's first result; live chat opens the chat window.
  const search = item.gameData;
  const action = search
    ? () => {
        void findGames(search).then((games) => {
          const path = gamePath(games);
          if (path) navigate(path);
        });
      }
    : item.appKey === 'live-chat'
      ? openLiveChat
      : null;
  if (action) {
    return (
      <li>
        <button
          type="button"
          className={className}
          onClick={() => {
            onDone();
            action();
          }}
        >
          <ItemContent item={item} />
        </button>
      </li>
    );
  }

  const href = item.appKey ? options[item.appKey] : undefined;
  if (!href) return null;
  return (
    <li>
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className={className}
        onClick={onDone}
      >
        <ItemContent item={item} />
        <span className="visually-hidden">{t('common.opensNewTab')}</span>
      </a>
    </li>
  );
}

function LanguageSection() {
  const { t } = useTranslation();
  const { data } = useBootstrap();
  const selectId = useId();
  const languages =
    data?.language && data.language.length > 0
      ? data.language
      : BUILT_IN_LANGUAGES.map((locale) => ({ locale, name: locale.toUpperCase() }));
  const [value, setValue] = useState(getCurrentLanguage());
  return (
    <section className="menu-section" aria-labelledby={`${selectId}-label`}>
      <h3 id={`${selectId}-label`} className="menu-group__title">
        {t('menu.language')}
      </h3>
      <div className="menu-lang">
        <Icon name="globe" size={18} className="menu-lang__icon" />
        <label htmlFor={selectId} className="visually-hidden">
          {t('menu.language')}
        </label>
        <select
          id={selectId}
          className="select menu-lang__select"
          value={value}
          data-testid="language-select"
          onChange={(e) => {
            setValue(e.target.value);
            changeLanguage(e.target.value);
          }}
        >
          {languages.map((l) => (
            <option key={l.locale} value={l.locale}>
              {l.name ?? l.locale}
            </option>
          ))}
        </select>
      </div>
    </section>
  );
}

function FollowMe() {
  const { t } = useTranslation();
  const links = useSocialKeys();
  if (links.length === 0) return null;
  return (
    <section className="menu-section">
      <h3 className="menu-group__title">{t('menu.followMe')}</h3>
      <SocialLinks iconSize={20} />
    </section>
  );
}

/** The side menu's content: groups, Language and Follow Me. `onDone` closes the menu. */
export function SideMenu({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { bettingAccess } = useSession();
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  return (
    <nav className="side-menu" aria-label={t('menu.label')}>
      {menuGroups.map((group) => (
        <section key={group.title} className="menu-group">
          <h3 className="menu-group__title">{t(group.title)}</h3>
          <ul className="menu-list">
            {visibleItems(group.items, bettingAccess, isDesktop).map((item) => (
              <MenuEntry
                key={`${item.title}-${item.url ?? item.appKey ?? ''}`}
                item={item}
                onDone={onDone}
              />
            ))}
          </ul>
        </section>
      ))}
      <LanguageSection />
      <FollowMe />
    </nav>
  );
}
