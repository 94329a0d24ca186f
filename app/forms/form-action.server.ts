// The one pipeline every site form's action runs (docs/decisions/022-one-form-pipeline-with-conform.md):
//
//   origin check → bounded body read → honeypot → parse (Conform + the contract's Zod schema)
//   → rate limit → save → on a store failure, 503 with everything typed kept.
//
// `receiveForm` does the origin check and the read, `parseForm` the parse, `limitForm` the rate
// limit and `saveForm` the save; the simple forms (feedback, applications) run them all, with the
// honeypot, through `handleFormPost`; the account forms compose them with their own steps. Every answer that shows the form again is Conform's
// SubmissionResult: field messages, form messages and the values to put back in the fields
// (passwords and the honeypot left out), so a page rendered without JavaScript keeps what was typed.
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { HONEYPOT_FIELD, messages } from '@business-chauffeur/booking-contract/site';
import { data, type AppLoadContext } from '@remix-run/node';
import type { z } from 'zod';
import { getConfig } from '~/utils/env.server';
import { isSameSiteFormPost } from '~/utils/form-origin.server';
import { readTextBody } from '~/utils/http.server';
import { log } from '~/utils/log.server';
import { clientAddressOf, reserveAll, type RateLimiter } from '~/limits/rate-limit.server';

/** Larger form posts are refused (the edge refuses them first: server/body-limits.ts); no form needs more. */
export const FORM_BODY_MAX_BYTES = 64 * 1024;

/** What a form action answers while the form stays on the page; `done` when it has finished. */
export interface FormAnswer<Done = never> {
  result: SubmissionResult<string[]>;
  done?: Done;
  /** Which form of the page answers, when a page has several (useSiteForm's `id`). */
  form?: string;
}

export interface FormActionArgs {
  request: Request;
  context: AppLoadContext;
}

type Answer = ReturnType<typeof data<FormAnswer>>;

/** Conform's answer for a form that starts again, empty but for what the page fills in. */
export const START_AGAIN: SubmissionResult<string[]> = { initialValue: null };

interface ReplyOptions {
  /** Messages for the whole form, shown above it. */
  formErrors?: string[];
  status?: number;
  headers?: HeadersInit;
  /** What else the page shows with the form (a preview of a change, say). */
  extra?: Record<string, unknown>;
}

/** The answer for a post that never became a submission (refused before it was read). */
function refusal(message: string, status: number): Answer {
  return data<FormAnswer>({ result: { status: 'error', error: { '': [message] } } }, { status });
}

/** What an HTML form sends: `<form method="post">` urlencoded, or with enctype multipart. */
const FORM_CONTENT_TYPES: ReadonlySet<string> = new Set([
  'application/x-www-form-urlencoded',
  'multipart/form-data',
]);

export type PostedForm =
  | { ok: true; formData: FormData }
  /** 415: not a form's content type; 400: a form body that cannot be parsed. */
  | { ok: false; status: 400 | 415; message: string };

/**
 * A form's posted fields, read with a size limit (at most FORM_BODY_MAX_BYTES, or a 413). A post
 * of another content type (text/plain, JSON, none) is a 415 and a body the platform cannot parse
 * (multipart without its boundary, cut off) a 400, each with the message the page shows: the
 * platform's parser throws on both, which would otherwise be a 500.
 */
export async function readFormPost(request: Request): Promise<PostedForm> {
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!FORM_CONTENT_TYPES.has(type)) {
    return { ok: false, status: 415, message: messages.forms.unsupportedFormType };
  }
  const body = await readTextBody(request, FORM_BODY_MAX_BYTES);
  if (body === null) throw new Response('Payload Too Large', { status: 413 });
  try {
    // The text is parsed by the platform, whichever of the two encodings the form used.
    const formData = await new Request(request.url, {
      method: 'POST',
      headers: request.headers,
      body,
    }).formData();
    return { ok: true, formData };
  } catch {
    return { ok: false, status: 400, message: messages.forms.unreadableForm };
  }
}

export type Received = { ok: true; formData: FormData } | { ok: false; answer: Answer };

/** The origin check and the bounded read: the posted fields, or the 403, 400 or 415 to send. */
export async function receiveForm({ request }: FormActionArgs): Promise<Received> {
  if (!isSameSiteFormPost(request, getConfig().siteUrl)) {
    return { ok: false, answer: refusal(messages.accounts.crossSiteRefused, 403) };
  }
  const posted = await readFormPost(request);
  if (!posted.ok) return { ok: false, answer: refusal(posted.message, posted.status) };
  return { ok: true, formData: posted.formData };
}

type Reply = (options?: ReplyOptions) => Answer;

export type Parsed<Output> =
  /** Field messages: send the answer as it is. */
  | { ok: false; answer: Answer }
  | {
      ok: true;
      value: Output;
      /** An answer that shows the form again with what was typed (and form messages). */
      reply: Reply;
    };

/** Parses posted fields with a contract schema (Conform); `hideFields` are never sent back. */
export function parseForm<S extends z.ZodType>(
  formData: FormData,
  schema: S,
  { hideFields = [], form }: { hideFields?: string[]; form?: string } = {},
): Parsed<z.output<S>> {
  const submission = parseWithZod(formData, { schema });
  const reply: Reply = ({ formErrors, status = 400, headers, extra } = {}) =>
    data<FormAnswer>(
      {
        ...extra,
        result: submission.reply({ formErrors, hideFields: [HONEYPOT_FIELD, ...hideFields] }),
        ...(form ? { form } : {}),
      },
      { status, headers },
    );
  if (submission.status !== 'success') return { ok: false, answer: reply() };
  return { ok: true, value: submission.value as z.output<S>, reply };
}

/** True (and logged) when the hidden field only robots fill in was filled in. */
function isRobot({ request, context }: FormActionArgs, formData: FormData): boolean {
  const trap = formData.get(HONEYPOT_FIELD);
  if (typeof trap !== 'string' || trap === '') return false;
  log.warn('A form post was dropped by the honeypot', {
    path: new URL(request.url).pathname,
    clientAddress: clientAddressOf(context),
  });
  return true;
}

export interface LimitMessages {
  /** When the counts cannot be read: nothing is let through unlimited. */
  unavailable: () => string | Promise<string>;
  tooMany: (retryAfterSeconds: number) => string | Promise<string>;
}

/** Minutes to wait, rounded up, at least one (messages that name a wait). */
export const minutesOf = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/**
 * Counts the post in each limiter (one per client address, per account…), before the work they
 * guard: either a reservation that a successful sign-in may give back, or the answer to send (429
 * with Retry-After, or 503 when the counts cannot be read).
 */
export async function limitForm(
  reply: Reply,
  entries: readonly (readonly [RateLimiter, string])[],
  { unavailable, tooMany }: LimitMessages,
): Promise<{ ok: true; release(): Promise<void> } | { ok: false; answer: Answer }> {
  let reserved;
  try {
    reserved = await reserveAll(entries);
  } catch (error) {
    log.error('The rate limits could not be checked', { error });
    return { ok: false, answer: reply({ formErrors: [await unavailable()], status: 503 }) };
  }
  if (!reserved.allowed) {
    const retryAfter = reserved.retryAfterSeconds;
    return {
      ok: false,
      answer: reply({
        formErrors: [await tooMany(retryAfter)],
        status: 429,
        headers: { 'Retry-After': String(retryAfter) },
      }),
    };
  }
  return { ok: true, release: reserved.release };
}

/**
 * Runs a save; when it throws, logs `failure` and answers 503 with `unavailable`, keeping what was
 * typed, so the person can simply send the form again.
 */
export async function saveForm<T>(
  reply: Reply,
  save: () => Promise<T>,
  { failure, unavailable }: { failure: string; unavailable: () => string | Promise<string> },
): Promise<{ ok: true; saved: T } | { ok: false; answer: Answer }> {
  try {
    return { ok: true, saved: await save() };
  } catch (error) {
    log.error(failure, { error });
    return { ok: false, answer: reply({ formErrors: [await unavailable()], status: 503 }) };
  }
}

export interface FormPostOptions<S extends z.ZodType, Done> extends LimitMessages {
  schema: S;
  /** Per client address. */
  limiter: RateLimiter;
  /** What a robot is told (the same as a person who succeeded). */
  robot: (formData: FormData) => Done;
  /** Saves the form and says what was done; a throw is answered with a 503. */
  save: (value: z.output<S>) => Promise<Done>;
  /** Logged when the save throws. */
  failure: string;
}

/** The whole pipeline, for a form with a honeypot, one limit per client address and one save. */
export async function handleFormPost<S extends z.ZodType, Done>(
  args: FormActionArgs,
  options: FormPostOptions<S, Done>,
) {
  const received = await receiveForm(args);
  if (!received.ok) return received.answer;
  if (isRobot(args, received.formData)) {
    // Answered as if it worked, so the robot learns nothing; nothing is kept.
    return data<FormAnswer<Done>>({ result: START_AGAIN, done: options.robot(received.formData) });
  }
  const form = parseForm(received.formData, options.schema);
  if (!form.ok) return form.answer;
  const limit = await limitForm(
    form.reply,
    [[options.limiter, clientAddressOf(args.context)]],
    options,
  );
  if (!limit.ok) return limit.answer;
  const saved = await saveForm(form.reply, () => options.save(form.value), {
    failure: options.failure,
    unavailable: options.unavailable,
  });
  if (!saved.ok) return saved.answer;
  return data<FormAnswer<Done>>({ result: START_AGAIN, done: saved.saved });
}
