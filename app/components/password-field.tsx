// A password input with a show/hide toggle (spec §2 "/signin"). The toggle is a real button whose
// name says what it will do ("Show password", "Hide password"); it appears once the page is
// interactive, since without JavaScript it could not work.
import { messages } from '@business-chauffeur/booking-contract';
import { useState, useSyncExternalStore } from 'react';
import { fieldErrorId } from './form-field';

interface Props {
  idPrefix: string;
  name: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  error?: string;
  /** A short note under the label (the password rules on sign-up). */
  hint?: string;
}

const noSubscription = () => () => {};

export function PasswordField({ idPrefix, name, label, autoComplete, error, hint }: Props) {
  const id = `${idPrefix}-${name}`;
  const hintId = `${id}-hint`;
  const [shown, setShown] = useState(false);
  // False in the server's HTML and while hydrating, true once React runs in the browser.
  const interactive = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const text = messages.accountPages;
  const describedBy = [error ? fieldErrorId(id) : null, hint ? hintId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <div className="password-input">
        <input
          id={id}
          name={name}
          type={shown ? 'text' : 'password'}
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        {interactive ? (
          <button
            type="button"
            className="password-input__toggle"
            aria-controls={id}
            aria-label={shown ? text.hidePassword(label) : text.showPassword(label)}
            onClick={() => setShown((value) => !value)}
          >
            {shown ? text.hide : text.show}
          </button>
        ) : null}
      </div>
      {error ? (
        <p id={fieldErrorId(id)} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
