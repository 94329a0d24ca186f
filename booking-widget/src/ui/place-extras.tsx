// What a chauffeur needs beside a chosen place: its Address details when the place is a suburb
// (required), a landmark or an airport (optional), and the flight number of an airport pickup
// with the free waiting time. The rules and messages are the contract's (trip-details.ts); the
// server checks them again with its own places provider.
import {
  ADDRESS_DETAILS_MAX_LENGTH,
  asksAddressDetails,
  asksFlightNumber,
  requiresAddressDetails,
} from '@business-chauffeur/booking-contract';
import { widgetMessages, type DraftPlace } from '@business-chauffeur/booking-contract/widget';
import type { PlaceField } from '../machine/types';
import { TextField } from './fields';
import { useBooking, useWidget } from './widget-context';

const text = widgetMessages.general;

/** The Address details field under a chosen place that is not an exact address. */
export function AddressDetails({ field, place }: { field: PlaceField; place: DraftPlace }) {
  const { actor } = useWidget();
  const error = useBooking((snapshot) => snapshot.context.errors[`${field}.details`]);
  if (!place.placeId || !asksAddressDetails(place.kind)) return null;
  const required = requiresAddressDetails(place.kind);
  return (
    <TextField
      path={`${field}.details`}
      label={
        <>
          <span className="cb-visually-hidden">{text.placeName(field)} </span>
          {required ? text.addressDetails : text.addressDetailsOptional}
        </>
      }
      hint={text.addressDetailsHint}
      value={place.details}
      error={error}
      maxLength={ADDRESS_DETAILS_MAX_LENGTH}
      autoComplete="off"
      aria-required={required ? 'true' : undefined}
      onValue={(details) => actor.send({ type: 'place.details', field, details })}
    />
  );
}

/** The Flight number field under an airport pickup, with the free waiting time. */
export function FlightNumber({ pickup }: { pickup: DraftPlace }) {
  const { actor, config } = useWidget();
  const value = useBooking((snapshot) => snapshot.context.draft.trip.flightNumber);
  const error = useBooking((snapshot) => snapshot.context.errors.flightNumber);
  if (!pickup.placeId || !asksFlightNumber(pickup.kind)) return null;
  return (
    <TextField
      path="flightNumber"
      label={text.flightNumber}
      hint={text.flightHint(config?.airportFreeWaitingMinutes ?? null)}
      value={value}
      error={error}
      maxLength={12}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck="false"
      aria-required="true"
      onValue={(flight) =>
        actor.send({ type: 'general.change', field: 'flightNumber', value: flight })
      }
    />
  );
}
