// The site's form controls, one set for every form, each bound to a Conform field
// (app/forms/use-site-form.ts). A control has its label (tied by id, so a click on it focuses the
// control and assistive technology reads it), an optional hint, and its first error message under
// it, tied to it with aria-describedby and marked with aria-invalid, so a screen reader reads the
// message with the field. Conform puts back what was typed (never a password) when the server
// answers, with or without JavaScript, and focuses the first field with a message.
import {
  getCollectionProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
  type FormMetadata,
} from '@conform-to/react';
import type { ReactNode } from 'react';

type Field = FieldMetadata<unknown>;

interface FieldProps {
  field: Field;
  label: string;
  /** A short note under the label (the password rules on sign-up). */
  hint?: string;
}

/** The first message of a field, tied to it by its errorId. */
export function FieldError({ field }: { field: Field }) {
  const message = field.errors?.[0];
  return message ? (
    <p id={field.errorId} className="field__error">
      {message}
    </p>
  ) : null;
}

/** Label, hint, the control and its message. */
function FieldFrame({ field, label, hint, children }: FieldProps & { children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      {hint ? (
        <p id={field.descriptionId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {children}
      <FieldError field={field} />
    </div>
  );
}

type InputAttributes = Omit<
  React.InputHTMLAttributes<HTMLInputElement>,
  'id' | 'name' | 'form' | 'defaultValue' | 'type'
>;

interface TextFieldProps extends FieldProps, InputAttributes {
  type?: 'text' | 'email' | 'tel' | 'number' | 'date';
}

export function TextField({ field, label, hint, type = 'text', ...rest }: TextFieldProps) {
  const { key, ...props } = getInputProps(field, {
    type,
    ariaDescribedBy: hint ? field.descriptionId : undefined,
  });
  return (
    <FieldFrame field={field} label={label} hint={hint}>
      <input key={key} {...props} {...rest} />
    </FieldFrame>
  );
}

/** An email address as people type it: no capitals, no spelling fixes. */
export function EmailField(props: Omit<TextFieldProps, 'type'>) {
  return (
    <TextField
      type="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}

/** A password input (never filled in from the server); `toggle` is the show/hide button. */
export function PasswordInput({
  field,
  label,
  hint,
  shown,
  autoComplete,
  toggle,
}: FieldProps & { shown: boolean; autoComplete: string; toggle: ReactNode }) {
  const { key, ...props } = getInputProps(field, {
    type: 'password',
    value: false,
    ariaDescribedBy: hint ? field.descriptionId : undefined,
  });
  return (
    <FieldFrame field={field} label={label} hint={hint}>
      <div className="password-input">
        <input
          key={key}
          {...props}
          type={shown ? 'text' : 'password'}
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
        />
        {toggle}
      </div>
    </FieldFrame>
  );
}

export function TextAreaField({ field, label, rows }: FieldProps & { rows?: number }) {
  const { key, ...props } = getTextareaProps(field);
  return (
    <FieldFrame field={field} label={label}>
      <textarea key={key} rows={rows} {...props} />
    </FieldFrame>
  );
}

interface SelectFieldProps extends FieldProps {
  placeholder: string;
  options: readonly string[];
  autoComplete?: string;
}

export function SelectField({
  field,
  label,
  placeholder,
  options,
  autoComplete,
}: SelectFieldProps) {
  const { key, defaultValue, ...props } = getSelectProps(field);
  return (
    <FieldFrame field={field} label={label}>
      <select key={key} defaultValue={defaultValue ?? ''} autoComplete={autoComplete} {...props}>
        <option value="" disabled>
          {placeholder}
        </option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** Radio buttons for one choice, in a list; the message under the list. */
export function RadioField({
  field,
  options,
}: {
  field: Field;
  options: readonly { value: string; label: string }[];
}) {
  const inputs = getCollectionProps(field, {
    type: 'radio',
    options: options.map((option) => option.value),
  });
  return (
    <>
      <div className="choice-list">
        {inputs.map(({ key, ...props }, index) => (
          <label key={key} className="choice">
            <input {...props} />
            {options[index]?.label}
          </label>
        ))}
      </div>
      <FieldError field={field} />
    </>
  );
}

/** The messages for the whole form (wrong credentials, an outage…), focused when they come. */
export function FormAlert({
  form,
  strong = false,
  extra,
}: {
  form: Pick<FormMetadata, 'errors' | 'errorId'>;
  strong?: boolean;
  /** A message of a field that has no control of its own (the code of a reset link). */
  extra?: string[];
}) {
  const messages = [...(form.errors ?? []), ...(extra ?? [])];
  if (messages.length === 0) return null;
  return (
    <div
      id={form.errorId}
      className={strong ? 'form-alert form-alert--strong' : 'form-alert'}
      role="alert"
      tabIndex={-1}
    >
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}

/** The form's main button; while the form is being sent it says so (`busyLabel`) and is marked. */
export function SubmitButton({
  submitting,
  label,
  busyLabel = label,
}: {
  submitting: boolean;
  label: string;
  busyLabel?: string;
}) {
  return (
    <button
      type="submit"
      className="button button--accent button--large"
      aria-disabled={submitting || undefined}
    >
      {submitting ? busyLabel : label}
    </button>
  );
}
