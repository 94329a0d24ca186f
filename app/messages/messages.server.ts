// Picks the Messages adapter for this process from the configuration, once: Twilio when its
// variables are set, else the outbox folder under DATA_DIR.
import { getConfig } from '~/utils/env.server';
import { createOutboxMessages, smsOutboxPath } from './outbox-messages.server';
import type { Messages } from './text-messages.server';
import { createTwilioMessages } from './twilio-messages.server';

let messages: Messages | undefined;

export function getMessages(): Messages {
  if (!messages) {
    const config = getConfig();
    messages =
      config.messages.adapter === 'twilio'
        ? createTwilioMessages({
            accountSid: config.messages.accountSid,
            authToken: config.messages.authToken,
            from: config.messages.from,
            apiBaseUrl: config.messages.apiBaseUrl,
          })
        : createOutboxMessages({ dir: smsOutboxPath(config.dataDir) });
  }
  return messages;
}
