import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react';
import { useEffect } from 'react';
import { messages } from '@business-chauffeur/booking-contract/site';
import { SiteFooter } from '~/components/site-footer';
import { SiteHeader } from '~/components/site-header';
import { StaffHeader } from '~/components/staff-header';
import { isStaffPath } from '~/staff/staff-nav';
import { StoreNoticeProvider } from '~/components/store-badges';
import { ErrorPage } from '~/components/error-page';
import { DraftMode } from '~/components/draft-mode';
import { PreviewBar } from '~/components/preview-bar';
import { shellResponse } from '~/shell/shell.server';
import { useNonce } from '~/utils/nonce';
import { cleanStega } from '~/utils/stega';
import { FALLBACK_CONTACTS } from '~/content/fallback-contacts';
import globalStyles from '~/styles/global.css?inline';
import { RouteStyles } from '~/utils/route-styles';
import { startAppAfterPaintScript } from '~/utils/start-app-after-paint';
import { pageLoadsApp } from '~/utils/page-app';
import '~/elements/jsx';
import headingFont from '@fontsource/playfair-display/files/playfair-display-latin-600-normal.woff2?url';
export { routeHeaders as headers } from '~/utils/route-headers';

export const links: LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
  // Only the heading face is preloaded: it paints the largest text above the fold.
  { rel: 'preload', href: headingFont, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
];

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  // The head never carries stega, draft mode or not (app/utils/stega.ts).
  const name = cleanStega(data?.settings.name) || FALLBACK_CONTACTS.name;
  // A page that failed (the CMS is down, a bug): its heading is the title, never indexed.
  if (error)
    return [{ title: `${errorTitle(error)} | ${name}` }, { name: 'robots', content: 'noindex' }];
  return [
    { title: name },
    { name: 'description', content: cleanStega(data?.settings.description) },
    ...(data?.preview ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
};

/** The heading of the page shown for an error: not found, right back (503), or went wrong. */
function errorTitle(error: unknown): string {
  if (isRouteErrorResponse(error) && error.status === 404) return messages.notFound.title;
  if (isRouteErrorResponse(error) && error.status === 503)
    return messages.errorPage.unavailableTitle;
  return messages.errorPage.title;
}

export async function loader({ request }: LoaderFunctionArgs) {
  return shellResponse(request);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const nonce = useNonce();
  // The operations pages have their own plain layout, for staff only (the shell's server-side
  // check): a visitor's 404 at /staff looks like any other page's.
  const { pathname } = useLocation();
  const staffConsole = Boolean(data?.user?.staff) && isStaffPath(pathname);
  const matches = useMatches();
  // A page that works as HTML loads no app, only the site's elements (app/utils/page-app.ts).
  // In the browser the app is running: the pages it moves to keep its scripts.
  const loadsApp =
    typeof document !== 'undefined' || pageLoadsApp(matches, { preview: Boolean(data?.preview) });
  return (
    // data-route: the page's route for real-user vitals, on pages without the app too.
    <html lang="en-AU" data-route={matches.at(-1)?.id}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f1419" />
        <Meta />
        <style dangerouslySetInnerHTML={{ __html: globalStyles }} />
        <RouteStyles />
        <Links />
        {data?.siteElements ? <script type="module" src={data.siteElements} nonce={nonce} /> : null}
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {data?.preview ? <PreviewBar /> : null}
        {data?.preview ? <DraftMode /> : null}
        <StoreNoticeProvider>
          {staffConsole ? (
            <StaffHeader
              name={data?.settings.name || FALLBACK_CONTACTS.name}
              email={data?.user?.email ?? null}
            />
          ) : (
            <SiteHeader
              settings={data?.settings ?? null}
              menu={data?.navigation.header ?? []}
              user={data?.user ?? null}
            />
          )}
          <main id="main" tabIndex={-1}>
            {children}
          </main>
          {staffConsole ? null : (
            <SiteFooter settings={data?.settings ?? null} groups={data?.navigation.footer ?? []} />
          )}
        </StoreNoticeProvider>
        {/* In draft mode the page is framed by the Studio, where a browser that blocks
            third-party storage refuses the session storage scroll restoration keeps. */}
        {data?.preview || !loadsApp ? null : <ScrollRestoration nonce={nonce} />}
        <script
          nonce={nonce}
          // The allow-listed public configuration (getPublicEnv), never a secret.
          dangerouslySetInnerHTML={{
            __html: `window.ENV = ${JSON.stringify(data?.publicEnv ?? {}).replace(/</g, '\\u003c')};`,
          }}
        />
        {loadsApp ? (
          <>
            <script nonce={nonce} dangerouslySetInnerHTML={{ __html: startAppAfterPaintScript }} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  useEffect(() => {
    // Lets browser tests (and anyone curious) know the page is interactive.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return <Outlet />;
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
