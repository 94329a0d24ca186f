// One of many small forms on a staff inbox page (a status and a note per message, "Mark handled"
// per booking). The same Conform form as useSiteForm (app/forms/use-site-form.ts), with one
// difference: the action's answer belongs to one form only, the one whose record it names (the
// `key` field Conform sends back in the answer's initialValue), so a message for one item never
// shows on the others.
import type { SubmissionResult } from '@conform-to/react';
import { useActionData, useNavigation } from '@remix-run/react';
import type { z } from 'zod';
import { useConformForm } from '~/forms/use-site-form';

interface InboxAnswer {
  result?: SubmissionResult<string[]>;
  done?: string;
}

/** The record an answer is about (its form's `key` field as sent), if any. */
export function answeredRecord(answer: InboxAnswer | undefined, key: string): string | undefined {
  const value = answer?.result?.initialValue?.[key];
  return typeof value === 'string' ? value : undefined;
}

export interface InboxFormOptions<S extends z.ZodType> {
  /** Unique on the page: the prefix of every field's id. */
  id: string;
  schema: S;
  /** The field naming the record ("id", "reference") and the record's value in it. */
  key: string;
  record: string;
  defaultValue?: Partial<Record<keyof z.input<S>, string>>;
}

export function useInboxForm<S extends z.ZodType<Record<string, unknown>>>({
  key,
  record,
  ...options
}: InboxFormOptions<S>) {
  const answer = useActionData<InboxAnswer>();
  const lastResult = answeredRecord(answer, key) === record ? answer?.result : undefined;
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting' && navigation.formData?.get(key) === record;
  return { ...useConformForm({ ...options, lastResult, focusAlert: hasFormMessage }), submitting };
}

/** A message for the whole form (the record has gone, an outage) takes the focus when it shows. */
function hasFormMessage(result: SubmissionResult<string[]> | undefined): boolean {
  return Boolean(result?.error?.['']?.length);
}
