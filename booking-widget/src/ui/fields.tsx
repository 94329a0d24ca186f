// Labelled form fields whose error message is tied to the control with aria-describedby, and
// marked aria-invalid so a failed Next can find and focus the first one.
import type { InputHTMLAttributes, ReactNode } from 'react';

/** Stable ids for a field path ("passenger.email" → "cb-passenger-email"). */
export function fieldIds(path: string) {
  const id = `cb-${path.replace(/[^A-Za-z0-9]+/g, '-')}`;
  return { id, errorId: `${id}-error`, hintId: `${id}-hint` };
}

/** The aria-describedby value for a field's hint and error, when they exist. */
export function describedBy(ids: ReturnType<typeof fieldIds>, hint: boolean, error: boolean) {
  const list = [hint ? ids.hintId : null, error ? ids.errorId : null].filter(Boolean);
  return list.length > 0 ? list.join(' ') : undefined;
}

export function ErrorText({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="cb-error">
      {message}
    </p>
  );
}

interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'value' | 'id'
> {
  path: string;
  label: ReactNode;
  hint?: string;
  value: string;
  error?: string | undefined;
  /** The new value, and the input (for a field that places the caret itself: the card form's). */
  onValue: (value: string, input: HTMLInputElement) => void;
}

export function TextField({ path, label, hint, value, error, onValue, ...input }: TextFieldProps) {
  const ids = fieldIds(path);
  return (
    <div className="cb-field">
      <label className="cb-label" htmlFor={ids.id}>
        {label}
      </label>
      {hint ? (
        <span className="cb-hint" id={ids.hintId}>
          {hint}
        </span>
      ) : null}
      <input
        {...input}
        id={ids.id}
        className="cb-input"
        value={value}
        onChange={(event) => onValue(event.target.value, event.target)}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(ids, Boolean(hint), Boolean(error))}
      />
      <ErrorText id={ids.errorId} message={error} />
    </div>
  );
}

interface SwitchProps {
  id: string;
  label: string;
  checked: boolean;
  onToggle: (checked: boolean) => void;
}

/** A native checkbox exposed as a switch: Space toggles it, screen readers say "on"/"off". */
export function Switch({ id, label, checked, onToggle }: SwitchProps) {
  return (
    <label className="cb-switch" htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        onChange={(event) => onToggle(event.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
}
