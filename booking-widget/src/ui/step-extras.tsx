// Step 1's extras: a count of each kind of child seat (the age each suits beside it) and a
// trailer. Which vehicles take them and what they cost are the server's (the vehicle step shows
// both); here the customer only says what they need.
import { type ChildSeatKind, type ChildSeats } from '@business-chauffeur/booking-contract';
import { widgetMessages } from '@business-chauffeur/booking-contract/widget';
import { useState } from 'react';
import { ErrorText, fieldIds, Switch } from './fields';
import { useBooking, useWidget } from './widget-context';

const text = widgetMessages.general;
// The kinds in the form's order, from the messages: the contract's fare-lines.ts (childSeatKinds,
// MAX_CHILD_SEATS) also builds Zod schemas, which the step-1 code does without. No one kind can
// exceed the booking's limit of 6 seats in all, which the step-1 rules check.
const kinds = Object.keys(text.childSeatKinds) as ChildSeatKind[];
const MOST_OF_A_KIND = 6;

/** One count: what the customer types ("" while they retype), kept in step with the draft. */
function SeatCount({
  kind,
  count,
  invalid,
  errorIds,
}: {
  kind: ChildSeatKind;
  count: number;
  invalid: boolean;
  errorIds: ReturnType<typeof fieldIds>;
}) {
  const { actor } = useWidget();
  const ids = fieldIds(`childSeats.${kind}`);
  const [typed, setTyped] = useState(String(count));
  const shown = typed.trim() === '' ? 0 : Number(typed);
  if (shown !== count && !Number.isNaN(shown)) setTyped(String(count));
  const described = [ids.hintId, invalid ? errorIds.errorId : null].filter(Boolean).join(' ');
  return (
    <div className="cb-field">
      <label className="cb-label" htmlFor={ids.id}>
        {text.childSeatKinds[kind].label}
      </label>
      <span className="cb-hint" id={ids.hintId}>
        {text.childSeatKinds[kind].hint}
      </span>
      <input
        id={ids.id}
        className="cb-input"
        type="number"
        inputMode="numeric"
        min={0}
        max={MOST_OF_A_KIND}
        step={1}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          actor.send({ type: 'childSeats.change', kind, value: event.target.value });
        }}
        aria-invalid={invalid ? 'true' : undefined}
        aria-describedby={described}
      />
    </div>
  );
}

export function StepExtras({ seats, trailer }: { seats: ChildSeats; trailer: boolean }) {
  const { actor } = useWidget();
  const error = useBooking((snapshot) => snapshot.context.errors.childSeats);
  const ids = fieldIds('childSeats');
  return (
    <>
      <fieldset className="cb-extras cb-span-all">
        <legend className="cb-label">{text.childSeats}</legend>
        <div className="cb-extras-counts">
          {kinds.map((kind) => (
            <SeatCount
              key={kind}
              kind={kind}
              count={seats[kind]}
              invalid={Boolean(error)}
              errorIds={ids}
            />
          ))}
        </div>
        <ErrorText id={ids.errorId} message={error} />
      </fieldset>
      <div className="cb-field">
        <Switch
          id="cb-trailer"
          label={text.trailer}
          checked={trailer}
          onToggle={(enabled) => actor.send({ type: 'trailer.toggle', enabled })}
        />
      </div>
    </>
  );
}
