// A password field with a show/hide toggle. The toggle is a real button whose name says what it
// will do ("Show password", "Hide password"); it appears once the page is interactive, since
// without JavaScript it could not work. What was typed is never sent back by the server.
import type { FieldMetadata } from '@conform-to/react';
import { messages } from '@business-chauffeur/booking-contract/site';
import { useState, useSyncExternalStore } from 'react';
import { PasswordInput } from './form-field';

interface Props {
  field: FieldMetadata<unknown>;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  /** A short note under the label (the password rules on sign-up). */
  hint?: string;
}

const noSubscription = () => () => {};

export function PasswordField({ field, label, autoComplete, hint }: Props) {
  const [shown, setShown] = useState(false);
  // False in the server's HTML and while hydrating, true once React runs in the browser.
  const interactive = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const text = messages.accountPages;
  return (
    <PasswordInput
      field={field}
      label={label}
      hint={hint}
      shown={shown}
      autoComplete={autoComplete}
      toggle={
        interactive ? (
          <button
            type="button"
            className="password-input__toggle"
            aria-controls={field.id}
            aria-label={shown ? text.hidePassword(label) : text.showPassword(label)}
            onClick={() => setShown((value) => !value)}
          >
            {shown ? text.hide : text.show}
          </button>
        ) : null
      }
    />
  );
}
