// Sanity calls this webhook when content is published: after checking the signature over the raw
// body it marks the content cache stale, so the next request fetches the new content.
import { isValidSignature, SIGNATURE_HEADER_NAME } from '@sanity/webhook';
import type { ActionFunctionArgs } from '@remix-run/node';
import { getContentSource } from '~/content/content.server';
import { getConfig } from '~/utils/env.server';
import { jsonError, readTextBody } from '~/utils/http.server';

const MAX_BODY_BYTES = 32 * 1024;

const methodNotAllowed = () =>
  jsonError(405, 'method_not_allowed', 'Use POST.', undefined, { Allow: 'POST' });

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed();
  const secret = getConfig().content.webhookSecret;
  const signature = request.headers.get(SIGNATURE_HEADER_NAME);
  const body = await readTextBody(request, MAX_BODY_BYTES);
  if (body === null) {
    return jsonError(413, 'payload_too_large', 'The request body is too large.');
  }
  if (!secret || !signature || !(await isValidSignature(body, signature, secret))) {
    return jsonError(401, 'invalid_signature', 'The webhook signature is missing or invalid.');
  }
  getContentSource().invalidate();
  return Response.json({ revalidated: true });
}

export function loader() {
  return methodNotAllowed();
}
