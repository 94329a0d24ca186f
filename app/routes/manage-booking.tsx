// /manage-booking (docs/product.md): look a booking up by email and booking
// number, see its details, and ask for cancellation (by phone, recorded on the booking). A plain
// Remix form with an action, so it works without JavaScript; with it, the page focuses the
// first wrong field or the result.
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import {
  Form,
  useActionData,
  useLoaderData,
  useNavigation,
  useRouteLoaderData,
} from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { messages, type BookingView, type FieldErrors } from '@business-chauffeur/booking-contract';
import type { StylesHandle } from '~/utils/route-styles';
import { BookingDetails } from '~/components/booking-details';
import { lookupBooking, requestCancellation } from '~/booking/booking-lookup.server';
import { getSiteSettings } from '~/content/site-settings.server';
import { readFormPost } from '~/forms/form-action.server';
import type { loader as rootLoader } from '~/root';
import { rootMetaData } from '~/utils/content-seo';
import { telHref } from '~/utils/links';
import { clientAddressOf } from '~/limits/rate-limit.server';
import { pageMeta } from '~/utils/seo';
import bookingStyles from '~/styles/booking-pages.css?inline';
import { WithReference } from '~/components/booking-ref';
export { privatePageHeaders as headers } from '~/utils/route-headers';

const m = messages.manageBooking;

export const handle: StylesHandle = { styles: [bookingStyles] };

export const meta: MetaFunction = ({ matches }) => {
  const root = rootMetaData(matches);
  if (!root) return [];
  return pageMeta(
    { siteName: root.settings.name ?? '', siteUrl: root.publicEnv.SITE_URL },
    {
      title: m.title,
      description: `Look up your ${root.settings.name ?? ''} booking with your booking number and email: status, trip, vehicle and amount.`,
      path: '/manage-booking',
    },
  );
};

export function loader({ request }: LoaderFunctionArgs) {
  // The confirmation email links here with the booking number filled in.
  const bookingNumber = new URL(request.url).searchParams.get('bookingNumber') ?? '';
  return { bookingNumber: bookingNumber.slice(0, 12) };
}

interface ActionResult {
  values: { email: string; bookingNumber: string };
  fields?: FieldErrors;
  formError?: string;
  booking?: BookingView;
  cancellationRequested?: boolean;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const posted = await readFormPost(request);
  if (!posted.ok) {
    return data<ActionResult>(
      { values: { email: '', bookingNumber: '' }, formError: posted.message },
      { status: posted.status },
    );
  }
  const form = posted.formData;
  const values = {
    email: String(form.get('email') ?? '').slice(0, 1000),
    bookingNumber: String(form.get('bookingNumber') ?? '').slice(0, 1000),
  };
  const command = { input: values, clientAddress: clientAddressOf(context) };
  const outcome =
    form.get('intent') === 'cancel'
      ? await requestCancellation(command)
      : await lookupBooking(command);
  switch (outcome.kind) {
    case 'invalid':
      return data<ActionResult>({ values, fields: outcome.fields }, { status: 400 });
    case 'rate_limited': {
      const phone = (await getSiteSettings()).phone ?? '';
      return data<ActionResult>(
        { values, formError: m.tooMany(phone) },
        { status: 429, headers: { 'Retry-After': String(outcome.retryAfterSeconds) } },
      );
    }
    case 'not_found':
      return data<ActionResult>({ values, formError: outcome.message }, { status: 404 });
    case 'found':
      return data<ActionResult>({
        values,
        booking: outcome.view,
        cancellationRequested: form.get('intent') === 'cancel',
      });
  }
}

export default function ManageBooking() {
  const { bookingNumber } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const phone = root?.settings.phone ?? '';
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formAction?.startsWith('/manage-booking');
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const resultRef = useRef<HTMLElement>(null);
  const fields = result?.fields ?? {};
  // The catalogue's sentence around the number, so the number can be a phone link.
  const [beforePhone, afterPhone] = m.cancellationMessage('\u0000').split('\u0000');

  useEffect(() => {
    // Move focus where the answer is: the first wrong field, else the message or the booking.
    if (!result) return;
    const firstInvalid = formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]');
    (firstInvalid ?? alertRef.current ?? resultRef.current)?.focus();
  }, [result]);

  const error = (name: 'email' | 'bookingNumber') =>
    fields[name] ? (
      <p className="field-error" id={`lookup-${name}-error`}>
        {fields[name]}
      </p>
    ) : null;

  return (
    <div className="container booking-page">
      <h1>{m.title}</h1>
      <p className="booking-page__lead">{m.intro}</p>

      <Form method="post" noValidate className="booking-card lookup-form" ref={formRef}>
        <input type="hidden" name="intent" value="lookup" />
        <div className="booking-field">
          <label htmlFor="lookup-email">{m.emailLabel}</label>
          <input
            id="lookup-email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            defaultValue={result?.values.email ?? ''}
            aria-invalid={fields.email ? true : undefined}
            aria-describedby={fields.email ? 'lookup-email-error' : undefined}
          />
          {error('email')}
        </div>
        <div className="booking-field">
          <label htmlFor="lookup-bookingNumber">{m.bookingNumberLabel}</label>
          <input
            id="lookup-bookingNumber"
            name="bookingNumber"
            type="text"
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            defaultValue={result?.values.bookingNumber ?? bookingNumber}
            aria-invalid={fields.bookingNumber ? true : undefined}
            aria-describedby={
              fields.bookingNumber ? 'lookup-bookingNumber-error lookup-hint' : 'lookup-hint'
            }
          />
          <p className="field-hint" id="lookup-hint">
            {m.bookingNumberHint}
          </p>
          {error('bookingNumber')}
        </div>
        <div>
          <button type="submit" className="button button--accent button--large" disabled={busy}>
            {m.submit}
          </button>
        </div>
      </Form>

      {result?.formError ? (
        <p className="booking-alert" role="alert" tabIndex={-1} ref={alertRef}>
          {result.formError}
        </p>
      ) : null}

      {result?.booking ? (
        <section
          className="booking-card booking-result"
          aria-labelledby="booking-result-title"
          tabIndex={-1}
          ref={resultRef}
        >
          <h2 id="booking-result-title">
            <WithReference
              text={m.detailsHeading(result.booking.bookingReferenceId)}
              reference={result.booking.bookingReferenceId}
            />
          </h2>
          <BookingDetails booking={result.booking} />
          {result.cancellationRequested ? (
            <p className="booking-notice" role="status">
              {beforePhone}
              <a href={telHref(phone)}>{phone}</a>
              {afterPhone}
            </p>
          ) : (
            <Form method="post" className="cancel-form">
              <input type="hidden" name="intent" value="cancel" />
              <input type="hidden" name="email" value={result.values.email} />
              <input type="hidden" name="bookingNumber" value={result.values.bookingNumber} />
              <button type="submit" className="button button--ghost" disabled={busy}>
                {m.requestCancellation}
              </button>
            </Form>
          )}
        </section>
      ) : null}
    </div>
  );
}
