// Picks the PaymentGateway adapter for this process from the configuration, once: Stripe when its
// keys are set, else the sandbox with Stripe's test cards.
import { getConfig } from '~/utils/env.server';
import type { PaymentGateway } from './payment-gateway.server';
import { createSandboxPaymentGateway, sandboxLedgerPath } from './sandbox-payment-gateway.server';
import { createStripePaymentGateway } from './stripe-payment-gateway.server';

let gateway: PaymentGateway | undefined;

/** The port only: callers never learn which adapter it is. */
export function getPaymentGateway(): PaymentGateway {
  if (!gateway) {
    const config = getConfig();
    gateway =
      config.payments.adapter === 'stripe'
        ? createStripePaymentGateway({
            secretKey: config.payments.secretKey,
            publishableKey: config.payments.publishableKey,
            webhookSecret: config.payments.webhookSecret,
            apiBaseUrl: config.payments.apiHost,
            timeoutMs: config.payments.timeoutMs,
          })
        : createSandboxPaymentGateway({ filename: sandboxLedgerPath(config.dataDir) });
  }
  return gateway;
}

export type { PaymentGateway };
