// The Twilio adapter of the Messages port: Programmable Messaging's REST API
// (`POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded, HTTP basic auth with the
// account SID and auth token). TWILIO_FROM is the sending number (E.164), an alphanumeric sender
// id, or a Messaging Service SID ("MG…").
//
// What a failure means for the job that sent it: Twilio's 400 (with its error code: 21211 an
// invalid number, 21614 not a mobile, 21610 the person replied STOP, 21408 a region not enabled)
// and every other 4xx but 429 are permanent, sending again gets the same answer; 429, 5xx, a
// network failure and a timeout are retryable. Twilio takes no idempotency key on this API, so a
// send is never retried here: the job queue retries, after asking `findSent` (the account's
// latest messages to the number) whether the first try went out after all.
import {
  checkTextMessage,
  TEXT_SEND_TIMEOUT_MS,
  TextMessageError,
  type Messages,
} from './text-messages.server';

export const TWILIO_API_BASE_URL = 'https://api.twilio.com';

export interface TwilioMessagesOptions {
  accountSid: string;
  authToken: string;
  /** A number in E.164, an alphanumeric sender id, or a Messaging Service SID (MG…). */
  from: string;
  /** Only for a local test stub, such as http://127.0.0.1:4011. */
  apiBaseUrl?: string;
  timeoutMs?: number;
}

interface TwilioMessage {
  sid: string;
  to: string;
  body: string;
  status: string;
  date_created: string;
}

interface TwilioError {
  code?: number;
  message?: string;
}

/** How many of the number's latest messages findSent reads: one page, newest first. */
const LOOKUP_PAGE_SIZE = 50;

export function createTwilioMessages(options: TwilioMessagesOptions): Messages {
  const base = (options.apiBaseUrl ?? TWILIO_API_BASE_URL).replace(/\/+$/, '');
  const messagesUrl = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const timeoutMs = options.timeoutMs ?? TEXT_SEND_TIMEOUT_MS;
  const viaService = /^MG[0-9a-f]{32}$/i.test(options.from);

  async function call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, {
        ...init,
        headers: { ...init.headers, Authorization: authorization, Accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new TextMessageError(
        timedOut ? 'Twilio did not answer in time.' : 'Twilio could not be reached.',
        { permanent: false, code: timedOut ? 'timeout' : 'network', cause: error },
      );
    }
  }

  async function failure(response: Response): Promise<TextMessageError> {
    const body = (await response.json().catch(() => ({}))) as TwilioError;
    const code = body.code === undefined ? String(response.status) : String(body.code);
    const retryable = response.status === 429 || response.status >= 500;
    return new TextMessageError(
      `Twilio refused the message (${response.status}, code ${code}): ${body.message ?? response.statusText}`,
      { permanent: !retryable, code },
    );
  }

  return {
    kind: 'twilio',
    async send(message) {
      checkTextMessage(message);
      const form = new URLSearchParams({
        To: message.to,
        [viaService ? 'MessagingServiceSid' : 'From']: options.from,
        Body: message.text,
      });
      const response = await call(messagesUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
      if (!response.ok) throw await failure(response);
      const sent = (await response.json()) as Partial<TwilioMessage>;
      if (typeof sent.sid !== 'string') {
        throw new TextMessageError('Twilio answered without a message SID.', { permanent: false });
      }
      return { id: sent.sid };
    },
    async findSent(message, since) {
      const query = new URLSearchParams({ To: message.to, PageSize: String(LOOKUP_PAGE_SIZE) });
      if (!viaService) query.set('From', options.from);
      const response = await call(`${messagesUrl}?${query}`, { method: 'GET' });
      if (!response.ok) throw await failure(response);
      const page = (await response.json()) as { messages?: TwilioMessage[] };
      // A trial account prefixes the body, so the text is looked for at its end.
      const found = (page.messages ?? []).find(
        (sent) =>
          sent.body.endsWith(message.text) &&
          Date.parse(sent.date_created) >= since.getTime() - 1000 &&
          sent.status !== 'failed' &&
          sent.status !== 'canceled',
      );
      return found ? { id: found.sid } : null;
    },
  };
}
