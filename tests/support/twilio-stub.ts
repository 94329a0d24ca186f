// A local stand-in for Twilio's Programmable Messaging API: creates messages
// (`POST /2010-04-01/Accounts/{sid}/Messages.json`, form-encoded, HTTP basic auth) and lists an
// account's messages newest first (`GET …/Messages.json?To=&From=`), on a free loopback port.
// Every request is recorded so tests can check what the adapter sent; answers can be scripted
// (an error of Twilio's shape, or no answer at all: a timeout).
import { createServer, type IncomingMessage, type Server } from 'node:http';

export const TWILIO_TEST_ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
export const TWILIO_TEST_AUTH_TOKEN = 'twilio-test-auth-token';
export const TWILIO_TEST_FROM = '+61480000000';

export interface TwilioRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  form: URLSearchParams;
}

export interface TwilioStubMessage {
  sid: string;
  account_sid: string;
  to: string;
  from: string | null;
  messaging_service_sid: string | null;
  body: string;
  status: 'queued';
  date_created: string;
}

export interface TwilioStub {
  baseUrl: string;
  requests: TwilioRequest[];
  /** Every message created, oldest first. */
  messages: TwilioStubMessage[];
  /** The next create answers `status` with Twilio's error body (`code`, `message`), creating nothing. */
  failNext(status: number, code: number, message: string): void;
  /** The next `count` creates make their message but never answer (a timeout after Twilio sent). */
  stallNext(count: number): void;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startTwilioStub(): Promise<TwilioStub> {
  const requests: TwilioRequest[] = [];
  const messages: TwilioStubMessage[] = [];
  const failures: { status: number; code: number; message: string }[] = [];
  let stalls = 0;
  const expectedAuth = `Basic ${Buffer.from(`${TWILIO_TEST_ACCOUNT_SID}:${TWILIO_TEST_AUTH_TOKEN}`).toString('base64')}`;
  const path = `/2010-04-01/Accounts/${TWILIO_TEST_ACCOUNT_SID}/Messages.json`;

  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://stub');
    const form = new URLSearchParams(body);
    requests.push({
      method: request.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      form,
    });
    const send = (status: number, json: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(json));
    };
    if (request.headers.authorization !== expectedAuth) {
      send(401, { code: 20003, message: 'Authenticate', status: 401 });
      return;
    }
    if (url.pathname !== path) {
      send(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
      return;
    }
    if (request.method === 'GET') {
      const to = url.searchParams.get('To');
      const from = url.searchParams.get('From');
      const found = messages
        .filter((message) => (!to || message.to === to) && (!from || message.from === from))
        .reverse()
        .slice(0, Number(url.searchParams.get('PageSize') ?? 50));
      send(200, { messages: found, page: 0, page_size: found.length });
      return;
    }
    const failure = failures.shift();
    if (failure) {
      send(failure.status, {
        ...failure,
        more_info: 'https://example.test/errors',
        status: failure.status,
      });
      return;
    }
    const to = form.get('To') ?? '';
    if (!/^\+[1-9]\d{6,14}$/.test(to)) {
      send(400, {
        code: 21211,
        message: `The 'To' number ${to} is not a valid phone number.`,
        status: 400,
      });
      return;
    }
    const message: TwilioStubMessage = {
      sid: `SM${String(messages.length + 1).padStart(32, '0')}`,
      account_sid: TWILIO_TEST_ACCOUNT_SID,
      to,
      from: form.get('From'),
      messaging_service_sid: form.get('MessagingServiceSid'),
      body: form.get('Body') ?? '',
      status: 'queued',
      // RFC 2822, as Twilio writes it.
      date_created: new Date().toUTCString().replace('GMT', '+0000'),
    };
    messages.push(message);
    if (stalls > 0) {
      stalls -= 1;
      return;
    }
    send(201, message);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('The Twilio stub has no port.');
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    requests,
    messages,
    failNext(status, code, message) {
      failures.push({ status, code, message });
    },
    stallNext(count) {
      stalls += count;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
