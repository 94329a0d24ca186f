// App Store and Google Play badges. The apps are not published yet, so every badge opens the
// "Work in Progress" notice of the specification instead of a store page.
//
// The notice works without JavaScript (docs/decisions/033-shell-without-javascript.md): one
// <dialog> per store, in the server's HTML, opened by its badges with invoker commands
// (command="show-modal"), so a click works from the first paint, before the app has loaded. The
// browser makes it modal, focuses its Close button (autofocus), closes it on Escape and on a click
// on the backdrop (closedby="any") and gives focus back to the badge. A browser without invoker
// commands falls back to the popover attributes on the same elements: the notice opens as a
// popover, which also closes on Escape and an outside click and returns focus. No React state.
import { createContext, useContext } from 'react';
import { messages, type StoreName } from '@business-chauffeur/booking-contract/site';
import { Glyph } from './brand-icons';

/** The two stores, as their badges read: the lead-in above the store's short name. */
const badges: { store: StoreName; key: string; path: string; lead: string; name: string }[] = [
  {
    store: 'App Store',
    key: 'app-store',
    path: 'M16.4 12.6c0-2.4 2-3.5 2-3.6-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.1-2.8.9-3.5.9-.7 0-1.8-.8-3-.8-1.5 0-3 .9-3.8 2.3-1.6 2.8-.4 7 1.2 9.3.8 1.1 1.7 2.4 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7c1.3 0 2.1-1.1 2.8-2.3.9-1.3 1.3-2.6 1.3-2.7-.1 0-2.5-1-2.5-3.6zM14.1 5.6c.6-.8 1.1-1.8 1-2.9-.9 0-2.1.6-2.7 1.4-.6.7-1.1 1.8-1 2.8 1 .1 2-.5 2.7-1.3z',
    lead: 'Download on the',
    name: 'App Store',
  },
  {
    store: 'Google Play Store',
    key: 'google-play',
    path: 'M4 2.5v19l10-9.5L4 2.5zm11.3 10.7l2.7 2.6-11.4 6.3 8.7-8.9zm0-2.4L6.6 1.9 18 8.2l-2.7 2.6zm1.4 1.2l2.9-2.8 3 1.7c.9.5.9 1.7 0 2.2l-3 1.7-2.9-2.8z',
    lead: 'Get it on',
    name: 'Google Play',
  },
];

const noticeId = (key: string) => `store-notice-${key}`;

/**
 * The attributes that make a button open (or close) a notice without JavaScript. React 18 does
 * not know them yet; lower-case attributes pass through to the HTML unchanged.
 */
function invoke(id: string, action: 'open' | 'close'): Record<string, string> {
  return {
    commandfor: id,
    command: action === 'open' ? 'show-modal' : 'close',
    // The fallback where invoker commands are not supported; ignored where they are.
    popovertarget: id,
    popovertargetaction: action === 'open' ? 'show' : 'hide',
  };
}

const StoreNoticeContext = createContext(false);

/** Renders the notices once per page, after the content that holds the badges. */
export function StoreNoticeProvider({ children }: { children: React.ReactNode }) {
  return (
    <StoreNoticeContext.Provider value={true}>
      {children}
      {badges.map((badge) => (
        <StoreNotice key={badge.key} id={noticeId(badge.key)} store={badge.store} />
      ))}
    </StoreNoticeContext.Provider>
  );
}

function StoreNotice({ id, store }: { id: string; store: StoreName }) {
  const text = messages.storeBadge;
  return (
    <dialog
      id={id}
      className="modal"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      {...{ closedby: 'any', popover: 'auto' }}
    >
      <div className="modal__panel">
        <header className="modal__header">
          <h2 id={`${id}-title`}>{text.modalTitle}</h2>
          <button
            type="button"
            className="modal__icon-button"
            aria-label={text.close}
            {...invoke(id, 'close')}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" fill="none" />
            </svg>
          </button>
        </header>
        <p id={`${id}-text`}>{text.modalText(store)}</p>
        <footer className="modal__footer">
          {/* The dialog's first focus, as before: the browser moves it here when it opens. */}
          {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
          <button type="button" className="button" autoFocus {...invoke(id, 'close')}>
            {text.close}
          </button>
        </footer>
      </div>
    </dialog>
  );
}

export function StoreBadges({ className }: { className?: string }) {
  if (!useContext(StoreNoticeContext)) {
    throw new Error('StoreBadges must be rendered inside StoreNoticeProvider.');
  }
  return (
    <div
      className={['store-badges', className].filter(Boolean).join(' ')}
      role="group"
      aria-label={messages.storeBadge.downloadLabel}
    >
      {badges.map((badge) => (
        <button
          key={badge.key}
          type="button"
          className="store-badge"
          aria-haspopup="dialog"
          {...invoke(noticeId(badge.key), 'open')}
        >
          <Glyph path={badge.path} size={22} />
          <span className="store-badge__text">
            {/* The space keeps the accessible name two words apart: "Download on the App Store". */}
            <small>{badge.lead}</small> <span>{badge.name}</span>
          </span>
        </button>
      ))}
    </div>
  );
}
