// App Store and Google Play badges. The apps are not published yet, so every badge opens the
// "Work in Progress" notice of the specification instead of a store page.
import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { messages, type StoreName } from '@business-chauffeur/booking-contract';
import { Glyph } from './brand-icons';

type OpenNotice = (store: StoreName, opener: HTMLElement) => void;

const StoreNoticeContext = createContext<OpenNotice | null>(null);

export function StoreNoticeProvider({ children }: { children: React.ReactNode }) {
  // The store name stays set after closing so the text does not change while the dialog fades.
  const [notice, setNotice] = useState<{ store: StoreName; open: boolean }>({
    store: 'App Store',
    open: false,
  });
  const openerRef = useRef<HTMLElement | null>(null);
  const open = useCallback<OpenNotice>((store, opener) => {
    openerRef.current = opener;
    setNotice({ store, open: true });
  }, []);
  const close = useCallback(() => {
    setNotice((current) => ({ ...current, open: false }));
    openerRef.current?.focus();
  }, []);
  return (
    <StoreNoticeContext.Provider value={open}>
      {children}
      <StoreNoticeDialog store={notice.store} open={notice.open} onClose={close} />
    </StoreNoticeContext.Provider>
  );
}

function StoreNoticeDialog({
  store,
  open,
  onClose,
}: {
  store: StoreName;
  open: boolean;
  onClose: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open) {
      if (!dialog.open) dialog.showModal();
      closeButtonRef.current?.focus();
    } else if (dialog.open) {
      dialog.close();
    }
  }, [open]);

  const text = messages.storeBadge;
  return (
    // Escape arrives as the dialog's native "cancel" event; the click handler is for the backdrop.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      className="modal"
      aria-labelledby="store-notice-title"
      aria-describedby="store-notice-text"
      // Escape: the browser fires "cancel"; we close through state so focus goes back to the badge.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // A click on the backdrop lands on the <dialog> itself; clicks inside land on its content.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="modal__panel">
        <header className="modal__header">
          <h2 id="store-notice-title">{text.modalTitle}</h2>
          <button
            type="button"
            className="modal__icon-button"
            aria-label={text.close}
            onClick={onClose}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" fill="none" />
            </svg>
          </button>
        </header>
        <p id="store-notice-text">{text.modalText(store)}</p>
        <footer className="modal__footer">
          <button ref={closeButtonRef} type="button" className="button" onClick={onClose}>
            {text.close}
          </button>
        </footer>
      </div>
    </dialog>
  );
}

function useOpenStoreNotice(): OpenNotice {
  const open = useContext(StoreNoticeContext);
  if (!open) throw new Error('StoreBadges must be rendered inside StoreNoticeProvider.');
  return open;
}

export function StoreBadges({ className }: { className?: string }) {
  const open = useOpenStoreNotice();
  return (
    <div
      className={['store-badges', className].filter(Boolean).join(' ')}
      role="group"
      aria-label={messages.storeBadge.downloadLabel}
    >
      {badges.map((badge) => (
        <button
          key={badge.store}
          type="button"
          className="store-badge"
          onClick={(event) => open(badge.store, event.currentTarget)}
        >
          <Glyph path={badge.path} size={22} />
          <span className="store-badge__text">
            <small>{badge.lead}</small>
            <span>{badge.name}</span>
          </span>
        </button>
      ))}
    </div>
  );
}

const APPLE_PATH =
  'M16.4 12.6c0-2.4 2-3.5 2-3.6-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.1-2.8.9-3.5.9-.7 0-1.8-.8-3-.8-1.5 0-3 .9-3.8 2.3-1.6 2.8-.4 7 1.2 9.3.8 1.1 1.7 2.4 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7c1.3 0 2.1-1.1 2.8-2.3.9-1.3 1.3-2.6 1.3-2.7-.1 0-2.5-1-2.5-3.6zM14.1 5.6c.6-.8 1.1-1.8 1-2.9-.9 0-2.1.6-2.7 1.4-.6.7-1.1 1.8-1 2.8 1 .1 2-.5 2.7-1.3z';

const PLAY_PATH =
  'M4 2.5v19l10-9.5L4 2.5zm11.3 10.7l2.7 2.6-11.4 6.3 8.7-8.9zm0-2.4L6.6 1.9 18 8.2l-2.7 2.6zm1.4 1.2l2.9-2.8 3 1.7c.9.5.9 1.7 0 2.2l-3 1.7-2.9-2.8z';

/** The two stores, as their badges read: the lead-in above the store's short name. */
const badges: { store: StoreName; path: string; lead: string; name: string }[] = [
  { store: 'App Store', path: APPLE_PATH, lead: 'Download on the', name: 'App Store' },
  { store: 'Google Play Store', path: PLAY_PATH, lead: 'Get it on', name: 'Google Play' },
];
