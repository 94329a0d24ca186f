// The parts the staff inbox pages share (/staff/feedback, /staff/applications and
// /staff/cancellations): the filter (a plain GET form), the action's answer above the list, and the
// small POST forms of each item (status and note; "Mark handled"). Every form works without
// JavaScript: Remix's <Form> falls back to a plain post and the page comes back with the answer.
import { getSelectProps, type FieldMetadata } from '@conform-to/react';
import { Form, useActionData } from '@remix-run/react';
import { FieldError, FormAlert, SubmitButton, TextAreaField } from '~/components/form-field';
import {
  cancellationHandledSchema,
  inboxHandlingSchema,
  INBOX_STATUSES,
  INBOX_STATUS_LABELS,
  type InboxStatusValue,
} from '~/staff/inbox-forms';
import { answeredRecord, useInboxForm } from '~/staff/use-inbox-form';

/** The list's filter: one select in a GET form, so every view has its own address. */
export function InboxFilter<V extends string>({
  label,
  value,
  options,
}: {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
}) {
  return (
    <Form method="get" className="staff-filters" aria-label={label}>
      <label>
        Show
        <select name="status" defaultValue={value}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button button--accent">
        Show
      </button>
    </Form>
  );
}

/**
 * What the last post said, above the list: "Saved." (role=status), or a refusal that belongs to
 * no one item (a post from another site).
 */
export function InboxAnswer({ recordKey }: { recordKey: string }) {
  const answer = useActionData<{
    done?: string;
    result?: { error?: Record<string, string[] | null> | null; initialValue?: unknown };
  }>();
  if (!answer) return null;
  if (answer.done) {
    return (
      <p className="staff-notice" role="status">
        {answer.done}
      </p>
    );
  }
  const messages = answer.result?.error?.[''] ?? [];
  if (messages.length === 0 || answeredRecord(answer as never, recordKey)) return null;
  return (
    <div className="form-alert" role="alert">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}

function StatusField({ field }: { field: FieldMetadata<unknown> }) {
  const { key, defaultValue, ...props } = getSelectProps(field);
  return (
    <div className="field">
      <label htmlFor={field.id}>Status</label>
      <select key={key} defaultValue={defaultValue ?? 'new'} {...props}>
        {INBOX_STATUSES.map((status) => (
          <option key={status} value={status}>
            {INBOX_STATUS_LABELS[status]}
          </option>
        ))}
      </select>
      <FieldError field={field} />
    </div>
  );
}

/** Status and note of one message or application; `name` says whose, for screen readers. */
export function HandlingForm({
  record,
  name,
  status,
  note,
}: {
  record: string;
  name: string;
  status: InboxStatusValue;
  note: string;
}) {
  const { form, fields, formProps, submitting } = useInboxForm({
    id: `handling-${record}`,
    schema: inboxHandlingSchema,
    key: 'id',
    record,
    defaultValue: { status, note },
  });
  return (
    <Form
      method="post"
      className="form staff-inbox__form"
      aria-label={`Status and note for ${name}`}
      {...formProps}
    >
      <FormAlert form={form} />
      <input type="hidden" name="id" value={record} />
      <StatusField field={fields.status} />
      <TextAreaField field={fields.note} label="Note" rows={2} />
      <SubmitButton submitting={submitting} label="Save" busyLabel="Saving…" />
    </Form>
  );
}

/** "Mark handled" on one booking's cancellation request, with an optional note. */
export function MarkHandledForm({ reference }: { reference: string }) {
  const { form, fields, formProps, submitting } = useInboxForm({
    id: `handled-${reference}`,
    schema: cancellationHandledSchema,
    key: 'reference',
    record: reference,
  });
  return (
    <Form
      method="post"
      className="form staff-inbox__form"
      aria-label={`Mark the cancellation request for ${reference} handled`}
      {...formProps}
    >
      <FormAlert form={form} />
      <input type="hidden" name="reference" value={reference} />
      <TextAreaField field={fields.note} label="Note (optional)" rows={2} />
      <SubmitButton submitting={submitting} label="Mark handled" busyLabel="Saving…" />
    </Form>
  );
}
