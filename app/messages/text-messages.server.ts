// The Messages port: sends one text message (SMS) to a mobile number in E.164 form. Two adapters:
// Twilio (hosted, its REST API) and an outbox that writes each message as a file under
// DATA_DIR/sms (embedded default), like the Mailer port's outbox.
//
// Every send carries an idempotency key (one per notification, chosen by the caller). Delivery by
// the job queue is at least once (app/jobs/), so a send may be asked for again after a worker died
// or its provider timed out; the caller keeps a ledger of what was sent, and `findSent` asks the
// provider whether a send whose outcome was never recorded went out after all
// (docs/decisions/056-jobs-queue-in-the-store.md).

/** A mobile number in E.164 form: "+", a country code, at most 15 digits in all, no spaces. */
export const E164 = /^\+[1-9]\d{6,14}$/;

/** The longest text sent: 10 SMS segments of 160 characters (Twilio accepts up to 1,600). */
export const MAX_TEXT_LENGTH = 1600;

/**
 * The longest one send (or lookup) may take, whatever the adapter: past it the request is
 * abandoned and fails as retryable. Job leases are sized from it (app/jobs/job-runner.server.ts),
 * so a live worker never loses its job to another mid-send.
 */
export const TEXT_SEND_TIMEOUT_MS = 10_000;

export interface TextMessage {
  /** E.164, such as +61412345678. */
  to: string;
  text: string;
  /** One per notification: the same key never makes a second message where the adapter can tell. */
  idempotencyKey: string;
}

export interface SentTextMessage {
  /** The provider's id of the message (Twilio's SID, the outbox file's name). */
  id: string;
}

export interface Messages {
  readonly kind: 'twilio' | 'outbox';
  /** Sends one message within TEXT_SEND_TIMEOUT_MS, or fails with a TextMessageError. */
  send(message: TextMessage): Promise<SentTextMessage>;
  /**
   * The message as the provider recorded it, when a send of it (same number and text, or the same
   * key where the provider keeps keys) was accepted at or after `since`; null when none was.
   */
  findSent(message: TextMessage, since: Date): Promise<SentTextMessage | null>;
}

/** Why a message was not sent. `permanent`: sending it again would fail the same way. */
export class TextMessageError extends Error {
  override name = 'TextMessageError';
  readonly permanent: boolean;
  /** The provider's error code (Twilio's, such as 21211 for an invalid "To" number), if any. */
  readonly code: string | null;

  constructor(
    message: string,
    {
      permanent,
      code = null,
      cause,
    }: { permanent: boolean; code?: string | null; cause?: unknown },
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.permanent = permanent;
    this.code = code;
  }
}

/** A number that is not E.164, or a text that is empty or too long: refused before sending. */
export function checkTextMessage(message: TextMessage): void {
  if (!E164.test(message.to)) {
    throw new TextMessageError('The number is not in E.164 form (such as +61412345678).', {
      permanent: true,
      code: 'invalid_number',
    });
  }
  if (message.text.trim() === '' || message.text.length > MAX_TEXT_LENGTH) {
    throw new TextMessageError(`The text must have 1 to ${MAX_TEXT_LENGTH} characters.`, {
      permanent: true,
      code: 'invalid_text',
    });
  }
  if (message.idempotencyKey === '' || message.idempotencyKey.length > 200) {
    throw new TextMessageError('The idempotency key must have 1 to 200 characters.', {
      permanent: true,
      code: 'invalid_key',
    });
  }
}
