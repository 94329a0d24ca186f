// A form field people never see or reach (off screen, hidden from assistive technology, out of
// the tab order). Robots that fill in every field fill it in too, and their submissions are
// dropped by the action.
import { HONEYPOT_FIELD, messages } from '@business-chauffeur/booking-contract/site';

export function HoneypotField({ idPrefix }: { idPrefix: string }) {
  const id = `${idPrefix}-${HONEYPOT_FIELD}`;
  return (
    <div className="form__trap" aria-hidden="true">
      <label htmlFor={id}>{messages.forms.honeypot}</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
