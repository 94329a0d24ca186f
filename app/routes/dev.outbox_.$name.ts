// /dev/outbox/<file>.eml: one raw message of the development outbox, as plain text.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { readOutboxMessage } from '~/mail/outbox-mailer.server';
import { devOutboxDir } from '~/mail/dev-outbox.server';
import { notFound } from '~/utils/not-found.server';

export async function loader({ params }: LoaderFunctionArgs) {
  const raw = await readOutboxMessage(devOutboxDir(), params.name ?? '');
  if (raw === null) notFound({ 'Cache-Control': 'no-store' });
  return new Response(raw, {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
