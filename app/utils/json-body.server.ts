// Reads a JSON API request body with the limits every endpoint shares: at most 32 kB (413 above),
// valid JSON (400 otherwise), and, given a Zod schema, the schema's field errors as a 400 with
// `fields` keyed by the dotted path of each field.
import type { z } from 'zod';
import { jsonError, readTextBody } from './http.server';

export const MAX_JSON_BODY_BYTES = 32 * 1024;

export type BodyResult<T> = { ok: true; value: T } | { ok: false; response: Response };

/** The parsed JSON body, or the 413/400 answer to send instead. */
export async function readJsonBody(
  request: Request,
  maxBytes = MAX_JSON_BODY_BYTES,
): Promise<BodyResult<unknown>> {
  const text = await readTextBody(request, maxBytes);
  if (text === null) {
    return {
      ok: false,
      response: jsonError(413, 'payload_too_large', 'The request body is too large.'),
    };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return {
      ok: false,
      response: jsonError(400, 'malformed_json', 'The request body is not valid JSON.'),
    };
  }
}

/** Field errors of a Zod error: the first message of each field, keyed by its dotted path. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** The JSON body validated by a schema, or the 413/400 answer (with field errors) to send. */
export async function readValidatedJson<S extends z.ZodType>(
  request: Request,
  schema: S,
  maxBytes = MAX_JSON_BODY_BYTES,
): Promise<BodyResult<z.output<S>>> {
  const body = await readJsonBody(request, maxBytes);
  if (!body.ok) return body;
  const result = schema.safeParse(body.value);
  if (!result.success) {
    return {
      ok: false,
      response: jsonError(
        400,
        'invalid_request',
        'Some details are missing or not valid.',
        fieldErrors(result.error),
      ),
    };
  }
  return { ok: true, value: result.data };
}
