// Step 4 "Summary": the trip as the server priced it (the quote's trip, not the form's), its extras,
// the vehicle, who travels (and who books on their behalf), each part with a link back to its step,
// and the chosen vehicle's fare line by line, with a map of the route: Google's directions embed
// when the site has a browser key, otherwise a sketch of the legs drawn here.
import {
  describeChildSeats,
  describeLuggage,
  formatDistance,
  formatPhone,
  formatDuration,
  placeText,
  type QuoteResponse,
} from '@business-chauffeur/booking-contract';
import { widgetStepMessages, type DraftContact } from '@business-chauffeur/booking-contract/widget';
import { selectedVehicle } from '../machine/selectors';
import { FareLines } from './fare-lines';
import { formatPickup, mapsEmbedUrl } from './summary-format';
import { useBooking, useShadowStyles, useWidget } from './widget-context';
import laterStyles from '../styles/later-steps.css?inline';

const text = widgetStepMessages.summary;

function RouteMap({ quote, mapsKey }: { quote: QuoteResponse; mapsKey: string }) {
  return (
    <iframe
      className="cb-map"
      title={text.mapTitle}
      src={mapsEmbedUrl(quote, mapsKey)}
      loading="lazy"
      referrerPolicy="no-referrer-when-downgrade"
      allowFullScreen
    />
  );
}

/**
 * The legs as a line of stations: pickup, stops, drop, with each leg's distance and time. Only the
 * markers and the dashed line are drawn (in CSS); the texts are ordinary HTML so they keep the
 * widget's type size at any width and long addresses wrap instead of being cut off.
 */
export function RouteSketch({ quote }: { quote: QuoteResponse }) {
  const { trip, legs } = quote;
  const points = [
    { label: text.pickup, name: placeText(trip.pickup) },
    ...trip.stops.map((stop, index) => ({ label: text.stop(index), name: placeText(stop) })),
    { label: text.drop, name: placeText(trip.drop) },
  ];
  return (
    <div className="cb-sketch" role="img" aria-label={text.sketchTitle(trip.stops.length)}>
      {points.map((point, index) => {
        const end = index === 0 || index === points.length - 1;
        const leg = legs[index];
        return (
          <div key={`point-${index}`}>
            <div className="cb-sketch-point">
              <span className={end ? 'cb-sketch-end' : 'cb-sketch-stop'} />
              <span className="cb-sketch-label">{point.label}</span>
              <span className="cb-sketch-name">{point.name}</span>
            </div>
            {leg && index < points.length - 1 ? (
              <div className="cb-sketch-leg cb-sketch-muted">
                {`${formatDistance(leg.distanceMeters)} · ${formatDuration(leg.durationSeconds)}`}
              </div>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}

type Rows = [string, string][];

/** One part of the summary under its heading, with a link back to the step that holds it. */
function SummaryPart({
  id,
  title,
  change,
  step,
  rows,
}: {
  id: string;
  title: string;
  change: string;
  step: 0 | 1 | 2;
  rows: Rows;
}) {
  const { actor } = useWidget();
  return (
    <section className="cb-summary-part" aria-labelledby={id}>
      <div className="cb-summary-head">
        <h3 id={id}>{title}</h3>
        <button
          type="button"
          className="cb-link-button"
          aria-label={change}
          onClick={() => actor.send({ type: 'wizard.edit', step })}
        >
          {text.change}
        </button>
      </div>
      <dl className="cb-details">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Name, mobile and email of a contact as typed on step 3. */
function contactRows(contact: DraftContact): Rows {
  const name = `${contact.firstName.trim()} ${contact.lastName.trim()}`.trim();
  return [
    [text.name, name],
    [text.mobile, formatPhone(contact.countryCode, contact.mobileNumber)],
    [text.email, contact.email.trim()],
  ];
}

export function StepSummary() {
  useShadowStyles('later-steps', laterStyles);
  const { config } = useWidget();
  const quote = useBooking((snapshot) => snapshot.context.quote);
  const vehicle = useBooking((snapshot) => selectedVehicle(snapshot.context) ?? null);
  const passenger = useBooking((snapshot) => snapshot.context.draft.passenger);
  const onBehalf = useBooking((snapshot) => snapshot.context.draft.onBehalf);
  const booker = useBooking((snapshot) => snapshot.context.draft.bookingPerson);
  if (!quote) return null;
  const { trip } = quote;
  const seats = describeChildSeats(trip.childSeats);
  const luggage = describeLuggage(trip);
  const rows: Rows = [
    [text.pickup, placeText(trip.pickup)],
    ...(trip.flightNumber
      ? [[text.flight, text.flightText(trip.flightNumber)] as [string, string]]
      : []),
    ...trip.stops.map((stop, index): [string, string] => [text.stop(index), placeText(stop)]),
    [text.drop, placeText(trip.drop)],
    [text.dateTime, formatPickup(trip.date, trip.time)],
    [text.travelTime, quote.durationText],
    [text.distance, quote.distanceText],
    [text.passengers, String(trip.passengers)],
    ...(seats ? [[text.childSeats, seats] as [string, string]] : []),
    ...(trip.trailer ? [[text.trailer, text.trailerAsked] as [string, string]] : []),
    ...(luggage ? [[text.luggage, luggage] as [string, string]] : []),
  ];

  return (
    <div>
      {config?.mapsEmbedKey ? (
        <RouteMap quote={quote} mapsKey={config.mapsEmbedKey} />
      ) : (
        <RouteSketch quote={quote} />
      )}
      <SummaryPart
        id="cb-summary-trip"
        title={text.tripTitle}
        change={text.changeTrip}
        step={0}
        rows={rows}
      />
      {trip.byTheHour ? <p className="cb-info">{text.bookedFor(trip.hours)}</p> : null}
      <SummaryPart
        id="cb-summary-vehicle"
        title={text.vehicle}
        change={text.changeVehicle}
        step={1}
        rows={[[text.vehicle, vehicle?.title ?? '']]}
      />
      <SummaryPart
        id="cb-summary-passenger"
        title={text.passengerTitle}
        change={text.changePassenger}
        step={2}
        rows={contactRows(passenger)}
      />
      {onBehalf ? (
        <SummaryPart
          id="cb-summary-booker"
          title={text.bookerTitle}
          change={text.changeBooker}
          step={2}
          rows={contactRows(booker)}
        />
      ) : null}
      {vehicle?.totalCents != null && vehicle.gstCents !== null ? (
        <section className="cb-summary-fare" aria-labelledby="cb-summary-fare-title">
          <h3 id="cb-summary-fare-title">{text.fare}</h3>
          <FareLines
            lines={vehicle.lines}
            totalCents={vehicle.totalCents}
            gstCents={vehicle.gstCents}
          />
        </section>
      ) : null}
    </div>
  );
}
