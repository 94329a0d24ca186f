// The header every page shares (docs/product.md, "What it is"). Names and numbers come from the
// siteSettings document; below 768 px the navigation folds into a menu button.
import { Form, Link, NavLink, useLocation } from '@remix-run/react';
import { useId, useRef, useState } from 'react';
import type { SiteSettings } from '~/content/site-settings.server';
import type { SessionUser } from '~/utils/session.server';
import { telHref } from '~/utils/links';
import { Glyph } from './brand-icons';

interface Props {
  settings: Pick<SiteSettings, 'name' | 'phone'> | null;
  user: Pick<SessionUser, 'firstName'> | null;
}

export function SiteHeader({ settings, user }: Props) {
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  useCloseOnNavigation(() => setMenuOpen(false));

  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <Link to="/" className="brand" aria-label={`${settings?.name ?? 'Home'}, home`}>
          <BrandMark />
          <span className="brand__name">{settings?.name}</span>
        </Link>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            {menuOpen ? (
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" />
            ) : (
              <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" />
            )}
          </svg>
          <span>Menu</span>
        </button>
        <nav id={navId} className="site-nav" data-open={menuOpen} aria-label="Main">
          <ul className="site-nav__list">
            <li>
              <NavLink to="/service" prefetch="intent">
                Services
              </NavLink>
            </li>
            <li>
              <AboutMenu />
            </li>
            <li>
              <NavLink to="/contact" prefetch="intent">
                Contact Us
              </NavLink>
            </li>
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
        </nav>
      </div>
    </header>
  );
}

/**
 * Closes a menu when the page changes: the state is adjusted while rendering, not in an effect,
 * so the new page never paints with the menu still open.
 */
function useCloseOnNavigation(close: () => void) {
  const location = useLocation();
  const [shownFor, setShownFor] = useState(location.key);
  if (shownFor !== location.key) {
    setShownFor(location.key);
    close();
  }
}

/** "About Us" disclosure menu: Enter, Space or ArrowDown opens it; Escape closes it. */
function AboutMenu() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  useCloseOnNavigation(() => setOpen(false));

  function focusItem(index: number) {
    const links = listRef.current?.querySelectorAll<HTMLAnchorElement>('a');
    if (!links || links.length === 0) return;
    const wrapped = (index + links.length) % links.length;
    links[wrapped]?.focus();
  }

  return (
    // The wrapper only listens for focus leaving the menu and for Escape from any of its parts.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      ref={wrapperRef}
      className="dropdown"
      onBlur={(event) => {
        if (!wrapperRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="dropdown__button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
            requestAnimationFrame(() => focusItem(0));
          }
        }}
      >
        About Us
        <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
          <path d="M2 4l4 4 4-4" stroke="currentColor" strokeWidth="1.5" fill="none" />
        </svg>
      </button>
      {/* Arrow keys move between the links of the open menu. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <ul
        ref={listRef}
        id={listId}
        className="dropdown__list"
        hidden={!open}
        onKeyDown={(event) => {
          const links = Array.from(listRef.current?.querySelectorAll('a') ?? []);
          const current = links.indexOf(document.activeElement as HTMLAnchorElement);
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            focusItem(current + 1);
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            focusItem(current - 1);
          }
        }}
      >
        <li>
          <Link to="/about" prefetch="intent">
            About Us
          </Link>
        </li>
        <li>
          <Link to="/faqs" prefetch="intent">
            FAQs
          </Link>
        </li>
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
