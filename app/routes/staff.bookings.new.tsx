// /staff/bookings/new: a booking taken by phone. Staff type the trip and the customer's details
// as they hear them, show the prices (the fare engine's, for every vehicle), choose the vehicle
// and book: the booking is saved unpaid and the customer is sent a payment link by email and text
// message (app/staff/phone-booking.server.ts). Two plain form posts, so it works without
// JavaScript; the wizard's rules and messages apply to every field. Staff only (404 otherwise).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import type { SubmissionResult } from '@conform-to/react';
import type { QuoteResponse } from '@business-chauffeur/booking-contract';
import { parseWithZod } from '@conform-to/zod/v4';
import { FormAlert, TextAreaField, TextField } from '~/components/form-field';
import { ChoiceField } from '~/components/staff-dispatch';
import { receiveForm } from '~/forms/form-action.server';
import { useSiteForm } from '~/forms/use-site-form';
import { newFormKey } from '~/staff/booking-page-action.server';
import { bookByPhone, pricePhoneTrip } from '~/staff/phone-booking.server';
import { phoneBookingFormSchema } from '~/staff/phone-booking-forms';
import { requireStaff } from '~/staff/staff-access.server';
import { formatMoneyWithCode } from '@business-chauffeur/booking-contract';
import type { StylesHandle } from '~/utils/route-styles';
import formsStyles from '~/styles/forms.css?inline';

export { privatePageHeaders as headers } from '~/utils/route-headers';

export const handle: StylesHandle = { styles: [formsStyles] };

export const meta: MetaFunction = () => [
  { title: 'New phone booking | Operations' },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  return { key: newFormKey() };
}

interface PricedView {
  quoteToken: string;
  pickup: string;
  drop: string;
  distance: string;
  duration: string;
  vehicles: { value: string; label: string }[];
}

interface Answer {
  result: SubmissionResult<string[]>;
  priced?: PricedView;
}

export async function action(args: ActionFunctionArgs) {
  const staff = await requireStaff(args.request);
  const received = await receiveForm(args);
  if (!received.ok) return received.answer;
  const submission = parseWithZod(received.formData, { schema: phoneBookingFormSchema });
  if (submission.status !== 'success') {
    return data<Answer>({ result: submission.reply() }, { status: 400 });
  }
  const form = submission.value;
  const refused = (
    problems: { fieldErrors: Record<string, string[] | undefined>; formErrors: string[] },
    priced?: PricedView,
  ) =>
    data<Answer>(
      {
        result: submission.reply({
          fieldErrors: problems.fieldErrors as Record<string, string[]>,
          formErrors: problems.formErrors,
        }),
        ...(priced ? { priced } : {}),
      },
      { status: 400 },
    );
  if (form.intent === 'book') {
    const outcome = await bookByPhone(form, staff.email);
    if (outcome.ok) return redirect(`/staff/bookings/${outcome.reference}`);
    // The prices stay on the page (priced afresh) while staff correct what was refused.
    const again = await pricePhoneTrip(form);
    return refused(outcome, again.ok ? pricedView(again.quote) : undefined);
  }
  const priced = await pricePhoneTrip(form);
  if (!priced.ok) return refused(priced);
  return data<Answer>({ result: submission.reply(), priced: pricedView(priced.quote) });
}

/** The priced trip as staff read it to the customer: the places priced and each vehicle's fare. */
function pricedView(quote: QuoteResponse): PricedView {
  return {
    quoteToken: quote.quoteToken,
    pickup: quote.trip.pickup.description,
    drop: quote.trip.drop.description,
    distance: quote.distanceText,
    duration: quote.durationText,
    vehicles: quote.vehicles
      .filter((vehicle) => vehicle.totalCents !== null && vehicle.canCarry)
      .map((vehicle) => ({
        value: vehicle.id,
        label: `${vehicle.title}: ${formatMoneyWithCode(vehicle.totalCents!)}`,
      })),
  };
}

export default function NewPhoneBooking() {
  const { key } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const priced = answer && 'priced' in answer ? answer.priced : undefined;
  const { form, fields, formProps } = useSiteForm({
    id: 'phone-booking',
    schema: phoneBookingFormSchema,
    defaultValue: { countryCode: '+61', passengers: '1', key },
  });
  return (
    <>
      <h1>New phone booking</h1>
      <p>
        Take the trip and the customer&apos;s details as for an online booking. The booking is saved
        unpaid and the customer gets a payment link by email and text message; paying it confirms
        the booking.
      </p>
      <Form method="post" className="form booking-card" {...formProps}>
        <FormAlert form={form} />
        <input type="hidden" name="key" value={fields.key.value ?? key} />
        <fieldset>
          <legend>Trip</legend>
          <TextField
            field={fields.pickup}
            label="Pickup"
            hint="Suburb, street address, airport or hotel"
          />
          <TextField
            field={fields.pickupDetails}
            label="Pickup address details"
            hint="Unit, number and street, or gate: needed when the pickup is a suburb"
          />
          <TextField
            field={fields.flightNumber}
            label="Flight number"
            hint="For an airport pickup"
          />
          <TextField field={fields.drop} label="Drop-off" />
          <TextField
            field={fields.dropDetails}
            label="Drop-off address details"
            hint="Needed when the drop-off is a suburb"
          />
          <div className="form__row">
            <TextField field={fields.date} label="Booking date" type="date" />
            <TextField field={fields.time} label="Pickup time" hint="24-hour, for example 14:30" />
          </div>
          <TextField field={fields.passengers} label="Passengers" type="number" min={1} />
          <TextAreaField field={fields.notes} label="Booking notes" rows={2} />
        </fieldset>
        <fieldset>
          <legend>Customer</legend>
          <div className="form__row">
            <TextField field={fields.firstName} label="First name" autoComplete="off" />
            <TextField field={fields.lastName} label="Last name" autoComplete="off" />
          </div>
          <TextField field={fields.email} label="Email" type="email" autoComplete="off" />
          <div className="form__row">
            <TextField field={fields.countryCode} label="Country code" />
            <TextField field={fields.mobileNumber} label="Mobile number" type="tel" />
          </div>
        </fieldset>
        {priced ? (
          <fieldset>
            <legend>Vehicle and price</legend>
            <p>
              From {priced.pickup} to {priced.drop}: {priced.distance}, about {priced.duration}.
            </p>
            <input type="hidden" name="quoteToken" value={priced.quoteToken} />
            {priced.vehicles.length === 0 ? (
              <p>No vehicle can take this trip: change the passengers or the trip.</p>
            ) : (
              <ChoiceField
                field={fields.vehicleId}
                label="Vehicle"
                placeholder="Choose a vehicle"
                options={priced.vehicles}
              />
            )}
          </fieldset>
        ) : null}
        <div className="form__row">
          <button type="submit" name="intent" value="price" className="button button--ghost">
            {priced ? 'Show the prices again' : 'Show the prices'}
          </button>
          {priced && priced.vehicles.length > 0 ? (
            <button type="submit" name="intent" value="book" className="button button--accent">
              Book and send the payment link
            </button>
          ) : null}
        </div>
      </Form>
    </>
  );
}
