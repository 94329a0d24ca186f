// /staff/bookings/:reference: one booking as staff need it: the trip and fare lines as the
// customer sees them (the fare paid, and after changes the fare now and what is owed or due
// back), the contacts, notes, payments, refunds, the changes of fare and a timeline, what staff
// did (the audit log, never editable), the chauffeur and car on the job, and the refund, cancel
// and change forms. Another visitor gets the plain 404.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { BookingDetails } from '~/components/booking-details';
import { StaffAlerts } from '~/components/staff-alerts';
import { StaffTable } from '~/components/staff-table';
import { staffBookingAction } from '~/staff/booking-page-action.server';
import type { StylesHandle } from '~/utils/route-styles';
import bookingStyles from '~/styles/booking-pages.css?inline';
import formsStyles from '~/styles/forms.css?inline';
import { formatMoneyWithCode } from '@business-chauffeur/booking-contract';
import { loadStaffBookingPage } from '~/staff/booking-page/booking-page-data.server';
import { RefundForm } from '~/staff/booking-page/refund-form';
import { CancelForm } from '~/staff/booking-page/cancel-form';
import { ChangeForm } from '~/staff/booking-page/change-form';
import { PaymentLinkSection } from '~/staff/booking-page/payment-link-section';
import { DispatchSection } from '~/staff/booking-page/dispatch-section';
import { ActionButtons, Finished } from '~/staff/booking-page/action-buttons';

export { privatePageHeaders as headers } from '~/utils/route-headers';

export const handle: StylesHandle = { styles: [bookingStyles, formsStyles] };

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `Booking ${loaded.reference} | Operations` : 'Operations' },
  { name: 'robots', content: 'noindex' },
];

export function loader(args: LoaderFunctionArgs) {
  return loadStaffBookingPage(args);
}

export function action({ request, params, context }: ActionFunctionArgs) {
  return staffBookingAction({ request, context, reference: params.reference ?? '' });
}

export default function StaffBooking() {
  const loaded = useLoaderData<typeof loader>();
  const people = [
    { title: 'Passenger', contact: loaded.passenger },
    ...(loaded.booker ? [{ title: 'Booked by', contact: loaded.booker }] : []),
  ];
  return (
    <>
      <h1>
        Booking <span className="booking-ref">{loaded.reference}</span>
      </h1>
      <Finished />
      <StaffAlerts alerts={loaded.alerts} />
      <p>
        Status {loaded.status} · paid {loaded.paid}
        {loaded.balance > 0 ? ` · owed ${formatMoneyWithCode(loaded.balance)}` : ''}
        {loaded.balance < 0 ? ` · due back ${formatMoneyWithCode(-loaded.balance)}` : ''}
        {loaded.partner ? ` · from ${loaded.partner}` : ''}
      </p>
      <div className="staff-sections">
        <section className="booking-card booking-result" aria-labelledby="trip-title">
          <h2 id="trip-title">Trip and fare</h2>
          <BookingDetails booking={loaded.view} />
          {loaded.notes ? <p>Notes: {loaded.notes}</p> : null}
        </section>
        <div>
          <section className="booking-card" aria-labelledby="contacts-title">
            <h2 id="contacts-title">Contacts</h2>
            <dl>
              {people.map(({ title, contact }) => (
                <div key={title}>
                  <dt>{title}</dt>
                  <dd>
                    {contact.name} · <a href={`mailto:${contact.email}`}>{contact.email}</a> ·{' '}
                    <a href={`tel:${contact.phone.replace(/\s/g, '')}`}>{contact.phone}</a>
                  </dd>
                </div>
              ))}
              <div>
                <dt>Terms and Cancellation policy</dt>
                <dd>
                  {loaded.terms
                    ? `Agreed ${loaded.terms.when} (revision ${loaded.terms.revision})`
                    : 'No agreement recorded'}
                </dd>
              </div>
            </dl>
          </section>
          <PaymentLinkSection link={loaded.paymentLink} />
          <DispatchSection
            // A new assignment starts the form afresh with it.
            key={`dispatch-${loaded.dispatch.assigned?.chauffeurId}-${loaded.dispatch.assigned?.carId}`}
            dispatch={loaded.dispatch}
          />
          {loaded.refundable > 0 ? (
            <RefundForm
              // A new due back starts the form afresh with it.
              key={`refund-${loaded.balance}`}
              refundKey={loaded.refundKey}
              refundable={loaded.refundableText}
              dueBackCents={Math.min(-loaded.balance, loaded.refundable)}
              reference={loaded.reference}
            />
          ) : (
            <p className="booking-card">Nothing is left to refund on this booking.</p>
          )}
          {loaded.cancel ? (
            <>
              <CancelForm
                // The suggestion follows what is left to refund: a refund since starts it afresh.
                key={`cancel-${loaded.cancel.refundCents}-${loaded.cancel.rule}`}
                cancelKey={loaded.cancel.key}
                refundCents={loaded.cancel.refundCents}
                rule={loaded.cancel.rule}
                reference={loaded.reference}
              />
              <ChangeForm
                // An applied change starts the form afresh from the booking as it is now.
                key={`change-${Object.values(loaded.trip).join('|')}`}
                trip={loaded.trip}
                vehicleTypes={loaded.vehicleTypes}
              />
              <ActionButtons pickupPassed={loaded.pickupPassed} />
            </>
          ) : null}
        </div>
      </div>
      {loaded.refunds.length > 0 ? (
        <section aria-labelledby="refunds-title">
          <h2 id="refunds-title">Refunds</h2>
          <StaffTable
            columns={[
              'When',
              { label: 'Amount', amount: true },
              'Refunded from',
              'By',
              'Reason',
              'Status',
            ]}
          >
            {loaded.refunds.map((refund) => (
              <tr key={refund.key}>
                <td>{refund.when}</td>
                <td className="staff-amount">{refund.amount}</td>
                <td>{refund.from}</td>
                <td>{refund.by}</td>
                <td>{refund.reason}</td>
                <td>{refund.status}</td>
              </tr>
            ))}
          </StaffTable>
        </section>
      ) : null}
      {loaded.adjustments.length > 0 ? (
        <section aria-labelledby="adjustments-title">
          <h2 id="adjustments-title">Changes of fare</h2>
          <StaffTable
            columns={[
              'Adjustment note',
              'When',
              'By',
              'Reason',
              { label: 'Fare after', amount: true },
              { label: 'Difference', amount: true },
              { label: 'GST in it', amount: true },
            ]}
          >
            {loaded.adjustments.map((adjustment) => (
              <tr key={adjustment.number}>
                <td>{adjustment.number}</td>
                <td>{adjustment.when}</td>
                <td>{adjustment.by}</td>
                <td>{adjustment.reason}</td>
                <td className="staff-amount">{adjustment.total}</td>
                <td className="staff-amount">{adjustment.difference}</td>
                <td className="staff-amount">{adjustment.gst}</td>
              </tr>
            ))}
          </StaffTable>
        </section>
      ) : null}
      <section aria-labelledby="timeline-title">
        <h2 id="timeline-title">Timeline</h2>
        <ol>
          {loaded.timeline.map((event, index) => (
            <li key={index}>
              {event.when}: {event.text}
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="audit-title">
        <h2 id="audit-title">Audit log</h2>
        {loaded.audit.length === 0 ? (
          <p>No staff action yet.</p>
        ) : (
          <ol className="staff-audit">
            {loaded.audit.map((entry) => (
              <li key={entry.id}>
                <p>
                  <time dateTime={entry.at} className="staff-audit__when">
                    {entry.when}
                  </time>{' '}
                  {entry.sentence}
                </p>
                {entry.details.length > 0 ? (
                  <details>
                    <summary>Details</summary>
                    <dl className="staff-audit__details">
                      {entry.details.map((detail) => (
                        <div key={detail.label}>
                          <dt>{detail.label}</dt>
                          <dd>
                            {detail.before === null
                              ? detail.after
                              : detail.after === null
                                ? `${detail.before} (before)`
                                : detail.before === detail.after
                                  ? detail.after
                                  : `${detail.before} → ${detail.after}`}
                          </dd>
                        </div>
                      ))}
                    </dl>
                  </details>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
