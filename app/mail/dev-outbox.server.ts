// Access to the development outbox page (/dev/outbox): only outside production, and only while the
// outbox mailer is the one sending (with SMTP there is nothing to show).
import { type AppConfig, getConfig } from '~/utils/env.server';
import { outboxPath } from './outbox-mailer.server';
import { notFound } from '~/utils/not-found.server';

/** The outbox folder when the development outbox may be shown; throws a 404 Response otherwise. */
export function devOutboxDir(config: AppConfig = getConfig()): string {
  if (config.isProduction || config.mailer.adapter !== 'outbox') {
    notFound();
  }
  return outboxPath(config.dataDir);
}
