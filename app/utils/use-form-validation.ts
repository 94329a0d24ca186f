// Runs a form's shared schema (packages/booking-contract/src/forms.ts) in the browser before the
// form is sent: a form with problems is not sent, each field shows its message and the first
// field with a problem takes the focus. After the first attempt, the messages follow the typing.
// The server runs the same schema in the route's action, so without JavaScript the same messages
// come back from the server; its answer (actionData) replaces what the browser found.
import { parseForm } from '@business-chauffeur/booking-contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';

export interface FormValidationOptions {
  schema: z.ZodType<Record<string, unknown>>;
  /** The action's answer: its field messages, and its identity marks a new answer. */
  serverState: { errors?: Record<string, string> } | undefined;
}

/** Focuses the first invalid field, or the form's alert, in page order. */
function focusFirstProblem(form: HTMLFormElement | null) {
  const target = form?.querySelector<HTMLElement>('[aria-invalid="true"], [data-focus-on-error]');
  target?.focus();
}

export function useFormValidation({ schema, serverState }: FormValidationOptions) {
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);

  // A new answer from the server replaces the browser's messages (adjusted while rendering).
  const [answered, setAnswered] = useState(serverState);
  if (answered !== serverState) {
    setAnswered(serverState);
    setClientErrors(null);
    if (serverState) setFocusRequest((count) => count + 1);
  }

  useEffect(() => {
    if (focusRequest > 0) focusFirstProblem(formRef.current);
  }, [focusRequest]);

  function check(form: HTMLFormElement): Record<string, string> {
    const result = parseForm(schema, new FormData(form));
    return result.ok ? {} : (result.errors as Record<string, string>);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    setAttempted(true);
    const errors = check(event.currentTarget);
    setClientErrors(errors);
    if (Object.keys(errors).length > 0) {
      event.preventDefault();
      setFocusRequest((count) => count + 1);
    }
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    if (attempted) setClientErrors(check(event.currentTarget));
  }

  /** Starts over (a form that was sent successfully and is shown empty again). */
  function reset() {
    setAttempted(false);
    setClientErrors(null);
  }

  return {
    errors: clientErrors ?? serverState?.errors ?? {},
    reset,
    formProps: { ref: formRef, onSubmit, onChange, noValidate: true },
  };
}
