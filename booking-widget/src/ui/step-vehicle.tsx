// Step 2 "Vehicle Selection": one card per vehicle the trip can use, cheapest first, with the
// server's all-in fare and its lines behind "Fare details"; then, under "Not available for this
// trip", the vehicles that cannot seat the passengers or take the extras asked for, grouped by the
// reason (said once), in short. The fine print the vehicles share is shown once under the list;
// each card keeps only its own limits.
import { formatMoney, type VehicleCard } from '@business-chauffeur/booking-contract';
import { widgetStepMessages } from '@business-chauffeur/booking-contract/widget';
import { useState } from 'react';
import { selectable } from '../machine/draft-edits';
import { FareDetails } from './fare-lines';
import { ErrorText, fieldIds } from './fields';
import { useBooking, useShadowStyles, useWidget } from './widget-context';
import laterStyles from '../styles/later-steps.css?inline';

const text = widgetStepMessages.vehicle;

// Shown when a vehicle's picture fails to load (the catalogue's image-load text).
const FALLBACK_IMAGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100"><rect width="200" height="100" fill="#f7f5f0"/><path d="M30 66h140v-9c0-5-4-9-9-10l-22-4-16-14c-3-2-6-3-9-3H84c-4 0-7 1-10 4L61 42l-20 4c-6 1-11 6-11 12z" fill="none" stroke="#0f1419" stroke-width="3" stroke-linejoin="round"/><circle cx="62" cy="67" r="10" fill="#f7f5f0" stroke="#0f1419" stroke-width="3"/><circle cx="140" cy="67" r="10" fill="#f7f5f0" stroke="#0f1419" stroke-width="3"/><path d="M78 42l10-10h26l14 10z" fill="#b08d57"/></svg>',
)}`;

function VehicleImage({ card, apiBase }: { card: VehicleCard; apiBase: string }) {
  const [failed, setFailed] = useState(false);
  // CMS image URLs may be site-relative: on a partner page they must point at our site.
  const source =
    !failed && card.image?.url ? new URL(card.image.url, `${apiBase}/`).toString() : FALLBACK_IMAGE;
  return (
    <img
      src={source}
      alt={card.image?.alt || card.title}
      width={card.image?.width ?? 200}
      height={card.image?.height ?? 100}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}

/** "Seats up to 4 passengers: …", the server's reason, or no price: why a card cannot be chosen. */
function reasonOf(card: VehicleCard): string {
  if (!card.canCarry) return text.tooSmall(card.passengers);
  return card.unavailableReason ?? text.noFare;
}

/** Usable cards by price (cheapest first, the list's order between equal prices). */
function byPrice(a: VehicleCard, b: VehicleCard): number {
  return (a.totalCents ?? Infinity) - (b.totalCents ?? Infinity);
}

const sentencesOf = (text: string | null) =>
  (text ?? '')
    .split(/(?<=[.!?])\s+(?=[A-Z0-9])/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);

/**
 * The cards' fine print, split: sentences that two or more vehicles share (cancellation terms,
 * surcharges) are shown once under the list; each card keeps only its own limits.
 */
export function splitFinePrint(cards: readonly VehicleCard[]): {
  shared: string[];
  own: Map<string, string>;
} {
  const counts = new Map<string, number>();
  for (const card of cards) {
    for (const sentence of new Set(sentencesOf(card.disclaimer))) {
      counts.set(sentence, (counts.get(sentence) ?? 0) + 1);
    }
  }
  const isShared = (sentence: string) => (counts.get(sentence) ?? 0) > 1;
  const shared = [...counts.keys()].filter(isShared);
  const own = new Map(
    cards.map((card) => [
      card.id,
      sentencesOf(card.disclaimer)
        .filter((sentence) => !isShared(sentence))
        .join(' '),
    ]),
  );
  return { shared, own };
}

export function StepVehicle() {
  useShadowStyles('later-steps', laterStyles);
  const vehicles = useBooking((snapshot) => snapshot.context.draft.vehicles);
  const selectedId = useBooking((snapshot) => snapshot.context.draft.vehicleId);
  const passengers = useBooking((snapshot) => snapshot.context.draft.trip.passengers);
  const error = useBooking((snapshot) => snapshot.context.errors.vehicleId);
  const ids = fieldIds('vehicleId');
  const usable = vehicles.filter(selectable).sort(byPrice);
  const firstSelectable = usable[0]?.id;
  // The others, grouped by why: each reason is said once, above the vehicles it applies to.
  const unusable = new Map<string, VehicleCard[]>();
  for (const card of vehicles) {
    if (selectable(card)) continue;
    const reason = reasonOf(card);
    unusable.set(reason, [...(unusable.get(reason) ?? []), card]);
  }
  const finePrint = splitFinePrint(vehicles);

  return (
    <div>
      <p className="cb-visually-hidden" role="status">
        {selectedId
          ? `${text.selected}: ${vehicles.find((card) => card.id === selectedId)?.title ?? ''}`
          : ''}
      </p>
      <ErrorText id={ids.errorId} message={error} />
      <ul className="cb-vehicles" aria-label={text.listLabel}>
        {usable.map((card) => (
          <VehicleCardItem
            key={card.id}
            card={card}
            ownPrint={finePrint.own.get(card.id) ?? ''}
            selected={card.id === selectedId}
            errorId={error ? ids.errorId : null}
            errorFocus={Boolean(error) && card.id === firstSelectable}
          />
        ))}
      </ul>
      {unusable.size > 0 ? (
        <section className="cb-unavailable-group" aria-labelledby="cb-unavailable-title">
          <h3 id="cb-unavailable-title">{text.notAvailableTitle}</h3>
          {[...unusable].map(([reason, cards], index) => (
            <div key={reason}>
              <p className="cb-unavailable" id={`cb-unavailable-${index}`}>
                {reason}
              </p>
              <ul className="cb-vehicles cb-vehicles--compact" aria-label={reason}>
                {cards.map((card) => (
                  <UnavailableCard key={card.id} card={card} reasonId={`cb-unavailable-${index}`} />
                ))}
              </ul>
            </div>
          ))}
        </section>
      ) : null}
      {finePrint.shared.length > 0 ? (
        <div className="cb-fine-print">
          {finePrint.shared.map((sentence) => (
            <p key={sentence}>{sentence}</p>
          ))}
        </div>
      ) : null}
      {/* Passengers asked for, so a customer sees why some vehicles are not available. */}
      <p className="cb-hint" id={ids.hintId}>
        {text.passengers}: {passengers}
      </p>
    </div>
  );
}

function Capacity({ card }: { card: VehicleCard }) {
  return (
    <ul className="cb-capacity">
      <li>
        {text.passengers}: {card.passengers}
      </li>
      <li>
        {text.suitcases}: {card.suitcases}
      </li>
      <li>
        {text.smallBags}: {card.smallBags}
      </li>
    </ul>
  );
}

/** A vehicle the customer can choose: picture, all-in price and its lines, its own limits. */
function VehicleCardItem({
  card,
  ownPrint,
  selected,
  errorId,
  errorFocus,
}: {
  card: VehicleCard;
  ownPrint: string;
  selected: boolean;
  errorId: string | null;
  errorFocus: boolean;
}) {
  const { actor, api } = useWidget();
  const titleId = `cb-vehicle-${card.slug}-title`;
  return (
    <li className="cb-vehicle" data-selected={selected ? 'true' : undefined}>
      <VehicleImage card={card} apiBase={api.apiBase} />
      <h3 id={titleId}>{card.title}</h3>
      {card.subTitle ? <p className="cb-subtitle">{card.subTitle}</p> : null}
      {card.shortDescription ? <p>{card.shortDescription}</p> : null}
      <p className="cb-price">
        <span className="cb-visually-hidden">{text.price}: </span>
        {card.totalCents === null ? text.noFare : formatMoney(card.totalCents)}
      </p>
      {card.totalCents !== null && card.gstCents !== null ? (
        <FareDetails lines={card.lines} totalCents={card.totalCents} gstCents={card.gstCents} />
      ) : null}
      {ownPrint ? <p className="cb-disclaimer">{ownPrint}</p> : null}
      <Capacity card={card} />
      <button
        type="button"
        className="cb-button"
        aria-pressed={selected}
        aria-describedby={[titleId, errorId].filter(Boolean).join(' ')}
        data-error-focus={errorFocus ? 'true' : undefined}
        onClick={() => actor.send({ type: 'vehicle.select', vehicleId: card.id })}
      >
        {/* A toggle keeps its name; aria-pressed (and the tick) says it is chosen. */}
        {selected ? <span aria-hidden="true">✓</span> : null}
        {text.select}
      </button>
    </li>
  );
}

/**
 * A vehicle that cannot take this trip, in short (no picture, no price): its name and capacity,
 * under the reason its group shows once. Its Select button stays, disabled and described by the
 * reason, so a screen reader user hears why.
 */
function UnavailableCard({ card, reasonId }: { card: VehicleCard; reasonId: string }) {
  const titleId = `cb-vehicle-${card.slug}-title`;
  return (
    <li className="cb-vehicle" data-unavailable="true">
      <h4 id={titleId}>{card.title}</h4>
      {card.subTitle ? <p className="cb-subtitle">{card.subTitle}</p> : null}
      <Capacity card={card} />
      <button
        type="button"
        className="cb-button"
        aria-pressed={false}
        aria-describedby={`${titleId} ${reasonId}`}
        disabled
      >
        {text.select}
      </button>
    </li>
  );
}
