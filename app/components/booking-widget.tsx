// The booking wizard, loaded exactly as a partner site loads it: one module script and one
// <chauffeur-booking> element (docs/partners.md), with its prefill attributes. Used by /booking
// (prefilled from its query) and by a page's booking section (prefilled by the editor). Without
// JavaScript it says so and gives the phone and email instead.
import { useRouteLoaderData } from '@remix-run/react';
import { useEffect, type DetailedHTMLProps, type HTMLAttributes } from 'react';
import { messages } from '@business-chauffeur/booking-contract/site';
import type { loader as rootLoader } from '~/root';
import { mailtoHref, telHref } from '~/utils/links';

export const WIDGET_SRC = '/widget/chauffeur-booking.js';

/** The attributes that prefill the wizard (booking-widget/src/options.ts reads them). */
const PREFILL_ATTRIBUTES = ['pickup', 'drop', 'date', 'passengers', 'vehicle'] as const;

export type PrefillAttributes = Partial<Record<(typeof PREFILL_ATTRIBUTES)[number], string>>;

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- React's JSX types live in a namespace.
  namespace JSX {
    interface IntrinsicElements {
      'chauffeur-booking': DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> &
        PrefillAttributes & {
          'api-base'?: string;
          partner?: string;
          theme?: 'light' | 'dark';
          mode?: 'inline' | 'popup' | 'floating';
          'button-label'?: string;
        };
    }
  }
}

export function BookingWidget({ prefill }: { prefill: PrefillAttributes }) {
  const settings = useRouteLoaderData<typeof rootLoader>('root')?.settings;
  useEffect(() => {
    // Arriving by a client-side link, React inserts the script tag without running it; importing
    // the same URL runs the loader once (the browser keeps one module per URL).
    if (!customElements.get('chauffeur-booking')) {
      import(/* @vite-ignore */ WIDGET_SRC).catch((error: unknown) => {
        console.error('The booking widget could not be loaded', error);
      });
    }
  }, []);
  // Re-created when the prefill changes (a new "Book Now" link), so it reads the new values.
  const key = PREFILL_ATTRIBUTES.map((name) => prefill[name] ?? '').join('\u0000');
  return (
    <>
      <noscript>
        <NoScriptContact phone={settings?.phone} email={settings?.email} />
      </noscript>
      <script type="module" src={WIDGET_SRC} />
      <chauffeur-booking key={key} {...prefill} />
    </>
  );
}

/** What a browser without JavaScript shows instead of the wizard: how to book by phone or email. */
function NoScriptContact({ phone, email }: { phone?: string | null; email?: string | null }) {
  const text = messages.bookingPage.noScript;
  const phoneLink = phone ? <a href={telHref(phone)}>{phone}</a> : null;
  const emailLink = email ? <a href={mailtoHref(email)}>{email}</a> : null;
  return (
    <p>
      {text.text}{' '}
      {phoneLink ? (
        <>
          {text.callUs} {phoneLink}
          {emailLink ? (
            <>
              {' '}
              {text.orEmail} {emailLink}
            </>
          ) : null}
          .
        </>
      ) : emailLink ? (
        <>
          {text.emailUs} {emailLink}.
        </>
      ) : null}
    </p>
  );
}
