// Step 1 "General Details": where from and to, up to four stops in sequence, when, how many people,
// how much luggage, by the hour, the extras (child seats, trailer: step-extras.tsx), and notes.
import {
  earliestBookingDate,
  latestBookingDate,
  MAX_LUGGAGE,
  MAX_PASSENGERS,
  MAX_STOPS,
  NOTES_MAX_LENGTH,
} from '@business-chauffeur/booking-contract';
import { widgetMessages } from '@business-chauffeur/booking-contract/widget';
import { useMemo } from 'react';
import type { GeneralField, PlaceField } from '../machine/types';
import { describedBy, ErrorText, fieldIds, Switch, TextField } from './fields';
import { CountField } from './count-field';
import { PlaceCombobox } from './place-combobox';
import { AddressDetails, FlightNumber } from './place-extras';
import { StepExtras } from './step-extras';
import { useBooking, useWidget } from './widget-context';

const text = widgetMessages.general;

function PlaceLabel({ main, hint }: { main: string; hint?: string }) {
  return (
    <>
      {main}
      {hint ? (
        <>
          {' '}
          <small>{hint}</small>
        </>
      ) : null}
    </>
  );
}

export function StepGeneral() {
  const { actor, api } = useWidget();
  const errors = useBooking((snapshot) => snapshot.context.errors);
  const notice = useBooking((snapshot) => snapshot.context.notice);
  // The API refused the page the widget is on: the notice sends the customer to the site's own
  // booking page, so it carries a link there.
  const siteOrigin = new URL(api.apiBase).origin;
  const refused = widgetMessages.isOriginNotAllowed(notice);
  const trip = useBooking((snapshot) => snapshot.context.draft.trip);
  const now = useBooking((snapshot) => snapshot.context.now);
  const minDate = useMemo(() => earliestBookingDate(now()), [now]);
  const horizonMonths = useBooking((snapshot) => snapshot.context.horizonMonths);
  const maxDate = useMemo(
    () => (horizonMonths === null ? undefined : latestBookingDate(horizonMonths, now())),
    [horizonMonths, now],
  );
  const notesIds = fieldIds('notes');
  const hoursIds = fieldIds('hours');
  const change = (field: GeneralField) => (value: string) =>
    actor.send({ type: 'general.change', field, value });
  // A text field of step 1: its name is its error path.
  const bind = (field: 'date' | 'time') => ({
    path: field,
    value: trip[field],
    error: errors[field],
    onValue: change(field),
  });

  return (
    <div className="cb-grid cb-grid--two">
      {notice ? (
        <p className="cb-notice cb-span-all" role="alert" tabIndex={-1} data-notice="true">
          {notice}
          {refused ? (
            <>
              {' '}
              <a href={`${siteOrigin}/booking`}>{widgetMessages.bookOnSite}</a>
            </>
          ) : null}
        </p>
      ) : null}
      <div className="cb-place">
        <PlaceCombobox
          field="pickup"
          label={<PlaceLabel main={text.from} hint={text.fromHint} />}
          value={trip.pickup.text}
          error={errors.pickup}
        />
        <AddressDetails field="pickup" place={trip.pickup} />
        <FlightNumber pickup={trip.pickup} />
      </div>
      <div className="cb-place">
        <PlaceCombobox
          field="drop"
          label={<PlaceLabel main={text.to} hint={text.toHint} />}
          value={trip.drop.text}
          error={errors.drop}
        />
        <AddressDetails field="drop" place={trip.drop} />
      </div>

      <div className="cb-stops cb-span-all">
        {trip.stops.slice(0, MAX_STOPS).map((stop, index) => {
          // Each later switch appears only once the earlier stop is on (docs/product.md, stops).
          const previousOn = index === 0 || trip.stops[index - 1]?.enabled;
          if (!previousOn) return null;
          const field = `stops.${index}` as PlaceField;
          return (
            <div key={field} className="cb-stops">
              <Switch
                id={`cb-stop-switch-${index}`}
                label={text.addStop(index)}
                checked={stop.enabled}
                onToggle={(enabled) => actor.send({ type: 'stop.toggle', index, enabled })}
              />
              {stop.enabled ? (
                <div className="cb-place">
                  <PlaceCombobox
                    field={field}
                    label={text.stop(index)}
                    value={stop.text}
                    error={errors[field]}
                  />
                  <AddressDetails field={field} place={stop} />
                </div>
              ) : null}
            </div>
          );
        })}
      </div>

      <TextField {...bind('date')} label={text.date} type="date" min={minDate} max={maxDate} />
      <TextField {...bind('time')} label={text.time} hint={text.timeHint} type="time" step={300} />
      <CountField field="passengers" label={text.passengers} min={1} max={MAX_PASSENGERS} />
      <CountField field="suitcases" label={text.suitcases} min={0} max={MAX_LUGGAGE} />
      <CountField field="smallBags" label={text.smallBags} min={0} max={MAX_LUGGAGE} />

      <div className="cb-field">
        <Switch
          id="cb-by-the-hour"
          label={text.byTheHour}
          checked={trip.byTheHour}
          onToggle={(enabled) => actor.send({ type: 'byTheHour.toggle', enabled })}
        />
        {trip.byTheHour ? (
          <div role="group" aria-labelledby={`${hoursIds.id}-label`}>
            <span className="cb-label" id={`${hoursIds.id}-label`}>
              {text.hours}
            </span>
            <div className="cb-counter">
              <button
                type="button"
                className="cb-button"
                aria-label={text.hoursDown}
                aria-describedby={describedBy(hoursIds, false, Boolean(errors.hours))}
                disabled={trip.hours <= 0}
                onClick={() => actor.send({ type: 'hours.decrement' })}
              >
                −
              </button>
              <output id={hoursIds.id} aria-live="polite">
                {trip.hours}
              </output>
              <button
                type="button"
                className="cb-button"
                aria-label={text.hoursUp}
                aria-describedby={describedBy(hoursIds, false, Boolean(errors.hours))}
                data-error-focus={errors.hours ? 'true' : undefined}
                onClick={() => actor.send({ type: 'hours.increment' })}
              >
                +
              </button>
            </div>
            <ErrorText id={hoursIds.errorId} message={errors.hours} />
          </div>
        ) : null}
      </div>

      <StepExtras seats={trip.childSeats} trailer={trip.trailer} />

      <div className="cb-field cb-span-all">
        <label className="cb-label" htmlFor={notesIds.id}>
          {text.notes}
        </label>
        <textarea
          id={notesIds.id}
          className="cb-input"
          maxLength={NOTES_MAX_LENGTH}
          value={trip.notes}
          onChange={(event) => change('notes')(event.target.value)}
          aria-invalid={errors.notes ? 'true' : undefined}
          aria-describedby={describedBy(notesIds, false, Boolean(errors.notes))}
        />
        <ErrorText id={notesIds.errorId} message={errors.notes} />
      </div>
    </div>
  );
}
