// Step 3 "Passenger Details": who travels, and who books when booking on behalf of someone else.
// A signed-in customer finds their name and email already filled in (on the site's own page).
import { widgetStepMessages, type DraftContact } from '@business-chauffeur/booking-contract/widget';
import type { ContactRole } from '../machine/types';
import { Switch, TextField } from './fields';
import { useBooking, useShadowStyles, useWidget } from './widget-context';
import laterStyles from '../styles/later-steps.css?inline';

const text = widgetStepMessages.passenger;

function ContactFields({ who, contact }: { who: ContactRole; contact: DraftContact }) {
  const { actor } = useWidget();
  const errors = useBooking((snapshot) => snapshot.context.errors);
  const change = (field: keyof DraftContact) => (value: string) =>
    actor.send({ type: 'contact.change', role: who, field, value });
  // The person booking fills in their own details; the passenger may be someone else, so the
  // browser's autofill goes to the booking person when there is one.
  const section = who === 'bookingPerson' ? 'section-booker ' : 'section-passenger ';
  const error = (field: keyof DraftContact) => errors[`${who}.${field}`];

  return (
    <div className="cb-grid cb-grid--two">
      <TextField
        path={`${who}.firstName`}
        label={text.firstName}
        autoComplete={`${section}given-name`}
        value={contact.firstName}
        error={error('firstName')}
        onValue={change('firstName')}
      />
      <TextField
        path={`${who}.lastName`}
        label={text.lastName}
        autoComplete={`${section}family-name`}
        value={contact.lastName}
        error={error('lastName')}
        onValue={change('lastName')}
      />
      <TextField
        path={`${who}.countryCode`}
        label={text.countryCode}
        type="text"
        inputMode="tel"
        autoComplete={`${section}tel-country-code`}
        value={contact.countryCode}
        error={error('countryCode')}
        onValue={change('countryCode')}
      />
      <TextField
        path={`${who}.mobileNumber`}
        label={text.mobile}
        type="tel"
        inputMode="numeric"
        autoComplete={`${section}tel-national`}
        value={contact.mobileNumber}
        error={error('mobileNumber')}
        onValue={change('mobileNumber')}
      />
      <div className="cb-span-all">
        <TextField
          path={`${who}.email`}
          label={text.email}
          type="email"
          autoComplete={`${section}email`}
          value={contact.email}
          error={error('email')}
          onValue={change('email')}
        />
      </div>
    </div>
  );
}

export function StepPassenger() {
  useShadowStyles('later-steps', laterStyles);
  const { actor } = useWidget();
  const passenger = useBooking((snapshot) => snapshot.context.draft.passenger);
  const bookingPerson = useBooking((snapshot) => snapshot.context.draft.bookingPerson);
  const onBehalf = useBooking((snapshot) => snapshot.context.draft.onBehalf);

  return (
    <div className="cb-grid">
      <fieldset className="cb-card-form">
        <legend>{text.passengerLegend}</legend>
        <ContactFields who="passenger" contact={passenger} />
      </fieldset>
      <Switch
        id="cb-on-behalf"
        label={text.onBehalf}
        checked={onBehalf}
        onToggle={(enabled) => actor.send({ type: 'onBehalf.toggle', enabled })}
      />
      {onBehalf ? (
        <fieldset className="cb-card-form">
          <legend>{text.bookingPersonLegend}</legend>
          <ContactFields who="bookingPerson" contact={bookingPerson} />
        </fieldset>
      ) : null}
    </div>
  );
}
