// A site form in the browser: Conform runs the form's contract schema before the form is sent (a
// form with problems is not sent, each field shows its message and the first field with one takes
// the focus; after the first attempt the messages follow the typing). The route's action runs the
// same schema (app/forms/form-action.server.ts), so without JavaScript the same messages come
// back from the server; its answer (`lastResult`) replaces what the browser found. A message for
// the whole form (the alert, app/components/form-field.tsx) takes the focus when it comes.
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { useActionData, useNavigation } from '@remix-run/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useEffect, useRef } from 'react';
import type { z } from 'zod';

export interface SiteFormOptions<S extends z.ZodType> {
  /** Unique on the page: the prefix of every field's id. */
  id: string;
  schema: S;
  /** What the fields start with (a signed-in customer's name…). */
  defaultValue?: Partial<Record<keyof z.input<S>, string>>;
}

/** True when an answer has a message for the whole form and none for a field. */
function onlyFormErrors(result: SubmissionResult<string[]> | undefined): boolean {
  const errors = Object.entries(result?.error ?? {}).filter(([, list]) => list && list.length);
  return errors.length > 0 && errors.every(([name]) => name === '');
}

/** The form of the route's action (app/forms/form-action.server.ts answers `{ result }`). */
export function useSiteForm<S extends z.ZodType<Record<string, unknown>>>(
  options: SiteFormOptions<S>,
) {
  // On a page with several forms, an answer names its form; the others keep their state.
  const answer = useActionData<{ result?: SubmissionResult<string[]>; form?: string }>();
  const lastResult = !answer?.form || answer.form === options.id ? answer?.result : undefined;
  const submitting = useNavigation().state === 'submitting';
  return { ...useConformForm({ ...options, lastResult, focusAlert: onlyFormErrors }), submitting };
}

export interface ConformFormOptions<S extends z.ZodType> extends SiteFormOptions<S> {
  /** The action's answer for this form, if the last answer was this form's. */
  lastResult: SubmissionResult<string[]> | undefined;
  /** Whether an answer's message for the whole form takes the focus when it shows. */
  focusAlert: (result: SubmissionResult<string[]> | undefined) => boolean;
}

/** Conform's form with the contract schema, and the focus on its alert when an answer brings one. */
export function useConformForm<S extends z.ZodType<Record<string, unknown>>>({
  id,
  schema,
  defaultValue,
  lastResult,
  focusAlert,
}: ConformFormOptions<S>) {
  const [form, fields] = useForm<z.input<S> & Record<string, unknown>, z.output<S>>({
    id,
    lastResult,
    defaultValue: defaultValue as never,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  // The alert shows once Conform has taken in the answer, a render later: focus it then.
  const alertAnswer = useRef<SubmissionResult<string[]> | null>(null);
  useEffect(() => {
    if (focusAlert(lastResult)) alertAnswer.current = lastResult ?? null;
  }, [lastResult, focusAlert]);
  useEffect(() => {
    const alert = document.getElementById(form.errorId);
    if (alertAnswer.current && alert) {
      alertAnswer.current = null;
      alert.focus();
    }
  });
  return { form, fields, formProps: getFormProps(form) };
}
