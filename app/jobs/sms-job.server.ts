// The `sms` job: sends one text message through the Messages port, once per notification. The
// enqueuer names the notification (its ledger key, such as "booking-42:chauffeur-assigned:3"); the
// job's key is derived from it, so a notification has one job, and the ledger
// (job-store.server.ts) records it "sending" before the provider is called and "sent" after.
//
// Run again (a retry, another worker after this one's lease ended), the job:
// - finds the notification sent: nothing to do;
// - finds it refused for good (an invalid number): fails for good, sending nothing;
// - finds it "sending" by an earlier attempt that never recorded an outcome (the worker died, or
//   the provider timed out): asks the provider whether that message went out (Messages.findSent)
//   and records it sent if so, else sends it.
// A provider that answered with an error certainly took nothing, so that attempt's "sending" is
// removed before the retry; after a timeout or a broken connection it stays, for the lookup.
import { getJobStore } from '~/store/store.server';
import type { Job, JobStore } from '~/store/job-store.server';
import {
  checkTextMessage,
  TextMessageError,
  type Messages,
  type TextMessage,
} from '~/messages/text-messages.server';
import { PermanentJobError, type JobHandler } from './job-runner.server';

export const SMS_JOB = 'sms';

export interface SmsJobPayload {
  to: string;
  text: string;
  /** One per notification: the ledger's key and the provider's idempotency key. */
  ledgerKey: string;
}

/** The job's key for a notification: one job per notification. */
export const smsJobKey = (ledgerKey: string) => `${SMS_JOB}:${ledgerKey}`;

export interface EnqueueTextMessage extends SmsJobPayload {
  /** When to send it (default now). */
  runAt?: Date;
}

/**
 * Queues a text message; a second call for the same ledger key changes nothing. The number and
 * text are checked now, so a caller learns of a wrong number at once (a permanent
 * TextMessageError) rather than from a dead job.
 */
export async function enqueueTextMessage(
  input: EnqueueTextMessage,
  { store = getJobStore(), now = new Date() }: { store?: JobStore; now?: Date } = {},
) {
  const payload: SmsJobPayload = { to: input.to, text: input.text, ledgerKey: input.ledgerKey };
  checkTextMessage(messageOf(payload));
  return store.enqueue({
    kind: SMS_JOB,
    key: smsJobKey(input.ledgerKey),
    runAt: (input.runAt ?? now).toISOString(),
    payload: { ...payload },
    at: now.toISOString(),
  });
}

function messageOf(payload: SmsJobPayload): TextMessage {
  return { to: payload.to, text: payload.text, idempotencyKey: payload.ledgerKey };
}

function payloadOf(job: Job): SmsJobPayload {
  const { to, text, ledgerKey } = job.payload;
  if (typeof to !== 'string' || typeof text !== 'string' || typeof ledgerKey !== 'string') {
    throw new PermanentJobError('The job does not say which number and text to send.');
  }
  return { to, text, ledgerKey };
}

/** Whether a failed send may still have reached the provider (no answer came back). */
const outcomeUnknown = (error: TextMessageError) =>
  error.code === 'timeout' || error.code === 'network';

export function smsJob({ messages, store }: { messages: Messages; store: JobStore }): JobHandler {
  return async (job, { attempt, now }) => {
    const payload = payloadOf(job);
    const message = messageOf(payload);
    const key = payload.ledgerKey;
    checkTextMessage(message);

    let entry = await store.ledgerEntry(key);
    if (entry?.state === 'sending' && entry.attempt !== attempt) {
      const found = await messages.findSent(message, new Date(entry.at));
      if (found) {
        await store.recordSent(key, attempt, found.id, now().toISOString());
        return;
      }
    }
    entry = await store.recordSending(key, attempt, now().toISOString());
    if (entry.state === 'sent') return;
    if (entry.state === 'failed') {
      throw new PermanentJobError(`The provider refused this message before: ${entry.error}`);
    }

    let sent;
    try {
      sent = await messages.send(message);
    } catch (error) {
      if (error instanceof TextMessageError && error.permanent) {
        await store.recordFailed(key, attempt, error.message, now().toISOString());
      } else if (error instanceof TextMessageError && !outcomeUnknown(error)) {
        await store.releaseSending(key, attempt);
      }
      throw error;
    }
    await store.recordSent(key, attempt, sent.id, now().toISOString());
  };
}
