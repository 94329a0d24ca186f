// The header every page shares (docs/product.md, "What it is"). Its links come from the
// navigation document (a link, or a labelled list such as About Us: app/content/navigation.server.ts),
// the name and phone number from siteSettings; below 768 px the navigation folds into a menu
// button. Sign in or out, My bookings, Operations (staff only) and Book Now are the site's own.
//
// Both menus work without JavaScript (docs/decisions/033-shell-without-javascript.md): each is an
// HTML popover opened by its button (popovertarget), so a click works from the first paint, the
// browser closes it on Escape or a click outside and gives focus back to the button. The
// <site-menus> element around the header (app/elements/site-menus.ts), which every page loads
// with or without the app, adds aria-expanded, arrow keys in the About Us menu, closing it when
// focus leaves, closing both when a link is followed or the page changes, and on a phone keeps
// focus in the open menu and gives it back to the Menu button when the menu closes.
import { Form, Link, NavLink } from '@remix-run/react';
import { useId } from 'react';
import type { HeaderItem, MenuLink } from '~/content/navigation.server';
import type { SiteSettings } from '~/content/site-settings.server';
import type { SessionUser } from '~/accounts/session.server';
import { telHref } from '~/utils/links';
import { Glyph } from './brand-icons';
import { CmsLink } from './cms-link';
import { cleanStega } from '~/utils/stega';

interface Props {
  settings: Pick<SiteSettings, 'name' | 'phone'> | null;
  menu: readonly HeaderItem[];
  /** `staff` comes from the shell's server-side check of the staff role. */
  user: (Pick<SessionUser, 'firstName'> & { staff?: boolean }) | null;
}

/**
 * The attributes that make a button show and hide a popover. React 18 does not know them yet;
 * lower-case attributes pass through to the HTML unchanged.
 */
const popoverTarget = (id: string, action: 'toggle' | 'hide' = 'toggle') => ({
  popovertarget: id,
  popovertargetaction: action,
});
const POPOVER = { popover: 'auto' };

export function SiteHeader({ settings, menu, user }: Props) {
  const navId = useId();
  return (
    // aria-expanded, arrow keys, focus and closing on a page change: <site-menus>
    // (app/elements/site-menus.ts), on every page.
    <site-menus>
      <header className="site-header">
        <div className="site-header__inner container">
          <Link
            to="/"
            className="brand"
            aria-label={`${cleanStega(settings?.name) ?? 'Home'}, home`}
          >
            <BrandMark />
            <span className="brand__name">{settings?.name}</span>
          </Link>
          <button
            type="button"
            className="menu-toggle"
            aria-controls={navId}
            {...popoverTarget(navId)}
          >
            {/* Which icon shows follows the menu's :popover-open state, in the stylesheet. */}
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path
                className="menu-toggle__bars"
                d="M3 6h18M3 12h18M3 18h18"
                stroke="currentColor"
                strokeWidth="2"
              />
              <path
                className="menu-toggle__cross"
                d="M6 6l12 12M18 6L6 18"
                stroke="currentColor"
                strokeWidth="2"
              />
            </svg>
            <span>Menu</span>
          </button>
          <nav id={navId} className="site-nav" aria-label="Main" {...POPOVER}>
            <ul className="site-nav__list">
              {menu.map((item) => (
                <li key={item.key}>
                  {item.kind === 'menu' ? (
                    <DropdownMenu label={item.label} links={item.links} />
                  ) : (
                    <HeaderLink link={item} />
                  )}
                </li>
              ))}
              {settings?.phone ? (
                <li>
                  <a href={telHref(settings.phone)} className="site-nav__phone">
                    <Glyph path={PHONE_PATH} size={16} />
                    <span>{settings.phone}</span>
                  </a>
                </li>
              ) : null}
              {user ? (
                <li>
                  <NavLink to="/account/bookings">My bookings</NavLink>
                </li>
              ) : null}
              {user?.staff ? (
                <li>
                  <Link to="/staff">Operations</Link>
                </li>
              ) : null}
              <li>
                {user ? (
                  <Form method="post" action="/signout" className="site-nav__signout">
                    <button type="submit" className="link-button">
                      Sign out
                    </button>
                  </Form>
                ) : (
                  <Link to="/signin?resetFlag=false">Sign in</Link>
                )}
              </li>
              <li>
                <Link to="/booking" className="button button--accent">
                  Book Now
                </Link>
              </li>
            </ul>
            {/* On a phone, the dimmed rest of the screen under the open menu: a tap there closes it
              (and does not reach the page under it). Pointer only; Escape and the menu button
              are the keyboard's ways. */}
            <button
              type="button"
              className="site-nav__dismiss"
              tabIndex={-1}
              aria-hidden="true"
              {...popoverTarget(navId, 'hide')}
            />
          </nav>
        </div>
      </header>
    </site-menus>
  );
}

/** A header link: a page of the site navigates in the app and shows when it is the current one. */
function HeaderLink({ link }: { link: MenuLink }) {
  return link.href.startsWith('/') ? (
    <NavLink to={link.href} prefetch="intent">
      {link.label}
    </NavLink>
  ) : (
    <CmsLink href={link.href}>{link.label}</CmsLink>
  );
}

/**
 * A menu with a list (About Us): Enter or Space opens it, and ArrowDown, which also focuses its
 * first link.
 */
function DropdownMenu({ label, links }: { label: string; links: readonly MenuLink[] }) {
  const listId = useId();
  return (
    <div className="dropdown">
      <button
        type="button"
        className="dropdown__button"
        aria-controls={listId}
        {...popoverTarget(listId)}
      >
        {label}
        <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
          <path d="M2 4l4 4 4-4" stroke="currentColor" strokeWidth="1.5" fill="none" />
        </svg>
      </button>
      <ul id={listId} className="dropdown__list" {...POPOVER}>
        {links.map((link) => (
          <li key={link.key}>
            <CmsLink href={link.href}>{link.label}</CmsLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function BrandMark() {
  return (
    <svg className="brand__mark" viewBox="0 0 40 40" width="36" height="36" aria-hidden="true">
      <circle cx="20" cy="20" r="19" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path
        d="M14 12h8a5 5 0 0 1 0 10h-8zM14 22h9a5 5 0 0 1 0 10h-9z"
        fill="none"
        stroke="var(--color-accent)"
        strokeWidth="2"
      />
    </svg>
  );
}

const PHONE_PATH =
  'M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1z';
