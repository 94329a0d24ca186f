// A number field of step 1 (passengers, suitcases, small bags): what the customer types ("" while
// they retype) is shown, and kept in step with the draft's number when that changes from
// elsewhere (Clear Form, a prefill, a restored draft).
import { useState } from 'react';
import type { CountField as Field } from '../machine/types';
import { TextField } from './fields';
import { useBooking, useWidget } from './widget-context';

export function CountField({
  field,
  label,
  min,
  max,
}: {
  field: Field;
  label: string;
  min: number;
  max: number;
}) {
  const { actor } = useWidget();
  const count = useBooking((snapshot) => snapshot.context.draft.trip[field]);
  const error = useBooking((snapshot) => snapshot.context.errors[field]);
  const [typed, setTyped] = useState(String(count));
  const shown = typed.trim() === '' ? 0 : Number(typed);
  if (shown !== count && !Number.isNaN(shown)) setTyped(String(count));
  return (
    <TextField
      path={field}
      label={label}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      value={typed}
      error={error}
      onValue={(value) => {
        setTyped(value);
        actor.send({ type: 'general.change', field, value });
      }}
    />
  );
}
