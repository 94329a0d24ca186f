// Step 2 "Vehicle Selection": one card per vehicle with the server's all-in fare for this trip and
// its lines behind "Fare details". A vehicle that cannot seat the passengers, or cannot take the
// extras asked for (the server's reason), is marked and cannot be selected.
import {
  formatAud,
  widgetStepMessages,
  type VehicleCard,
} from '@business-chauffeur/booking-contract';
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

export function StepVehicle() {
  useShadowStyles('later-steps', laterStyles);
  const { actor, api } = useWidget();
  const vehicles = useBooking((snapshot) => snapshot.context.draft.vehicles);
  const selectedId = useBooking((snapshot) => snapshot.context.draft.vehicleId);
  const passengers = useBooking((snapshot) => snapshot.context.draft.trip.passengers);
  const error = useBooking((snapshot) => snapshot.context.errors.vehicleId);
  const ids = fieldIds('vehicleId');
  const firstSelectable = vehicles.find(selectable)?.id;

  return (
    <div>
      <p className="cb-visually-hidden" role="status">
        {selectedId
          ? `${text.selected}: ${vehicles.find((card) => card.id === selectedId)?.title ?? ''}`
          : ''}
      </p>
      <ErrorText id={ids.errorId} message={error} />
      <ul className="cb-vehicles" aria-label={text.listLabel}>
        {vehicles.map((card) => {
          const selected = card.id === selectedId;
          const available = selectable(card);
          const reason = card.canCarry ? card.unavailableReason : text.tooSmall(card.passengers);
          const titleId = `cb-vehicle-${card.slug}-title`;
          const noteId = `cb-vehicle-${card.slug}-note`;
          return (
            <li
              key={card.id}
              className="cb-vehicle"
              data-selected={selected ? 'true' : undefined}
              data-unavailable={available ? undefined : 'true'}
            >
              <VehicleImage card={card} apiBase={api.apiBase} />
              <h3 id={titleId}>{card.title}</h3>
              {card.subTitle ? <p className="cb-subtitle">{card.subTitle}</p> : null}
              {card.shortDescription ? <p>{card.shortDescription}</p> : null}
              {/* A vehicle that cannot take the extras has no price: its reason says why. */}
              {card.fare === null && card.unavailableReason ? null : (
                <p className="cb-price">
                  <span className="cb-visually-hidden">{text.price}: </span>
                  {card.fare === null ? text.noFare : formatAud(card.fare)}
                </p>
              )}
              {card.totalCents !== null && card.gstCents !== null ? (
                <FareDetails
                  lines={card.lines}
                  totalCents={card.totalCents}
                  gstCents={card.gstCents}
                />
              ) : null}
              {card.disclaimer ? <p className="cb-disclaimer">{card.disclaimer}</p> : null}
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
              {reason ? (
                <p className="cb-unavailable" id={noteId}>
                  {reason}
                </p>
              ) : null}
              <button
                type="button"
                className="cb-button"
                aria-pressed={selected}
                aria-describedby={
                  [titleId, reason ? noteId : null, error ? ids.errorId : null]
                    .filter(Boolean)
                    .join(' ') || undefined
                }
                disabled={!available}
                data-error-focus={error && card.id === firstSelectable ? 'true' : undefined}
                onClick={() => actor.send({ type: 'vehicle.select', vehicleId: card.id })}
              >
                {/* A toggle keeps its name; aria-pressed (and the tick) says it is chosen. */}
                {selected ? <span aria-hidden="true">✓</span> : null}
                {text.select}
              </button>
            </li>
          );
        })}
      </ul>
      {/* Passengers asked for, so a customer sees why some vehicles are not available. */}
      <p className="cb-hint" id={ids.hintId}>
        {text.passengers}: {passengers}
      </p>
    </div>
  );
}
