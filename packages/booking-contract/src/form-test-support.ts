// For the contract's form tests: a schema run the way the site runs it, by Conform on posted
// form data, with the first message of each field (what the page shows).
import { parseWithZod } from '@conform-to/zod/v4';
import type { z } from './zod';

export type Parsed<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string> };

export function parseFormValues<S extends z.ZodType>(
  schema: S,
  values: Record<string, string | Blob> | FormData,
): Parsed<z.output<S>> {
  let form = values;
  if (!(form instanceof FormData)) {
    form = new FormData();
    for (const [name, value] of Object.entries(values)) form.set(name, value);
  }
  const submission = parseWithZod(form, { schema });
  if (submission.status === 'success') return { ok: true, data: submission.value };
  const errors: Record<string, string> = {};
  for (const [name, list] of Object.entries(submission.error ?? {})) {
    if (list?.[0]) errors[name] = list[0];
  }
  return { ok: false, errors };
}
