// The sandbox adapter of the PaymentGateway port, the embedded default: the PaymentIntent lifecycle
// run on the server, with Stripe's documented test cards and Stripe's error types and messages, so
// demos, development and tests go through the very same booking and payment-event code as Stripe.
// Intents are kept in their own small SQLite file under DATA_DIR (they outlive a restart), opened
// like the store's (no WAL, no memory map): a failing disk is a PaymentProviderError, never a crash.
// Card data is used to decide the outcome and then dropped: only brand and last 4 digits are kept.
// An amount change is Stripe's too: only while no card has been charged or authorised, at least
// Stripe's minimum charge, once per idempotency key (a replay answers as the first change did).
// So is a refund: of a paid intent only, never more than is left of it even when two race (the
// check and the write are one transaction on the file), once per idempotency key.
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { isSqliteFault, openSqliteDatabase, transaction } from '~/store/sqlite-database.server';
import {
  formatMoney,
  MIN_CHARGE_CENTS,
  type SandboxCard,
} from '@business-chauffeur/booking-contract';
import {
  AMOUNT_UPDATABLE_STATUSES,
  CANCELABLE_STATUSES,
  PaymentIntentNotFoundError,
  PaymentIntentNotUpdatableError,
  PaymentProviderError,
  RefundRefusedError,
  type CardConfirmation,
  type CardSummary,
  type CreatePaymentIntentInput,
  type GatewayPaymentError,
  type PaymentGateway,
  type PaymentIntentStatus,
  type PaymentIntentView,
  type RefundView,
  type VerifiedPaymentEvent,
} from './payment-gateway.server';
import {
  DECLINES,
  SUCCESSFUL_CARDS,
  GENERIC_DECLINE,
  cardBrand,
  formatError,
} from './sandbox-test-cards.server';

export interface SandboxPaymentGateway extends PaymentGateway {
  /** Confirms an intent with a card, as Stripe does when the Payment Element submits. */
  confirm(intentId: string, card: SandboxCard, now?: Date): Promise<CardConfirmation>;
}

export interface SandboxGatewayOptions {
  /** The SQLite file of the sandbox's intents; ":memory:" for tests. */
  filename: string;
}

export function sandboxLedgerPath(dataDir: string): string {
  return path.join(dataDir, 'payments-sandbox.sqlite');
}

interface IntentRow {
  id: string;
  idempotency_key: string;
  client_secret: string;
  amount: number;
  currency: string;
  status: string;
  metadata: string;
  last_error: string | null;
  card: string | null;
}

function toView(row: IntentRow): PaymentIntentView {
  return {
    id: row.id,
    clientSecret: row.client_secret,
    amount: row.amount,
    currency: row.currency,
    status: row.status as PaymentIntentStatus,
    metadata: JSON.parse(row.metadata) as Record<string, string>,
    lastError: row.last_error ? (JSON.parse(row.last_error) as GatewayPaymentError) : null,
    card: row.card ? (JSON.parse(row.card) as CardSummary) : null,
  };
}

/** As Stripe answers a confirmation the intent's state does not allow: nothing is charged. */
function refusedInState(intent: PaymentIntentView, message: string): CardConfirmation {
  return {
    intent,
    event: null,
    error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message },
  };
}

const SCHEMA = `CREATE TABLE IF NOT EXISTS sandbox_intents (
  id TEXT PRIMARY KEY,
  idempotency_key TEXT NOT NULL UNIQUE,
  request_hash TEXT NOT NULL,
  client_secret TEXT NOT NULL,
  amount INTEGER NOT NULL,
  currency TEXT NOT NULL,
  status TEXT NOT NULL,
  metadata TEXT NOT NULL,
  last_error TEXT,
  card TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS sandbox_amount_changes (
  idempotency_key TEXT PRIMARY KEY,
  intent_id TEXT NOT NULL,
  amount INTEGER NOT NULL,
  response TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS sandbox_refunds (
  id TEXT PRIMARY KEY,
  idempotency_key TEXT NOT NULL UNIQUE,
  intent_id TEXT NOT NULL,
  amount INTEGER NOT NULL,
  metadata TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS sandbox_refunds_intent ON sandbox_refunds (intent_id)`;

const IDEMPOTENCY_MISMATCH =
  'Keys for idempotent requests can only be used with the same parameters.';

/** Wraps ledger work: a failing SQLite file is the provider being unavailable, as for Stripe. */
function ledgerFaults<A extends unknown[], R>(work: (...args: A) => R): (...args: A) => R {
  const fault = (error: unknown): never => {
    if (!isSqliteFault(error)) throw error;
    throw new PaymentProviderError('The sandbox payment ledger failed.', { cause: error });
  };
  return (...args) => {
    try {
      const result = work(...args);
      return (result instanceof Promise ? result.catch(fault) : result) as R;
    } catch (error) {
      return fault(error);
    }
  };
}

function withLedgerFaults(gateway: SandboxPaymentGateway): SandboxPaymentGateway {
  return Object.fromEntries(
    Object.entries(gateway).map(([name, value]) => [
      name,
      typeof value === 'function' ? ledgerFaults(value as (...args: unknown[]) => unknown) : value,
    ]),
  ) as unknown as SandboxPaymentGateway;
}

const token = (bytes: number) => randomBytes(bytes).toString('hex');

export function createSandboxPaymentGateway({
  filename,
}: SandboxGatewayOptions): SandboxPaymentGateway {
  const db = ledgerFaults(() => openSqliteDatabase(filename))();
  ledgerFaults(() => db.exec(SCHEMA))();

  const byId = db.prepare('SELECT * FROM sandbox_intents WHERE id = ?');
  const byKey = db.prepare('SELECT * FROM sandbox_intents WHERE idempotency_key = ?');
  const insert = db.prepare(
    `INSERT INTO sandbox_intents
       (id, idempotency_key, request_hash, client_secret, amount, currency, status, metadata,
        created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, 'requires_payment_method', ?, ?, ?)`,
  );
  const update = db.prepare(
    'UPDATE sandbox_intents SET status = ?, last_error = ?, card = ?, updated_at = ? WHERE id = ?',
  );
  const setAmount = db.prepare(
    'UPDATE sandbox_intents SET amount = ?, updated_at = ? WHERE id = ?',
  );
  const amountChangeByKey = db.prepare(
    'SELECT intent_id, amount, response FROM sandbox_amount_changes WHERE idempotency_key = ?',
  );
  const insertAmountChange = db.prepare(
    `INSERT INTO sandbox_amount_changes (idempotency_key, intent_id, amount, response, created_at)
     VALUES (?, ?, ?, ?, ?)`,
  );

  const refundByKey = db.prepare(
    'SELECT id, intent_id, amount FROM sandbox_refunds WHERE idempotency_key = ?',
  );
  const refundedOf = db.prepare(
    'SELECT COALESCE(SUM(amount), 0) AS refunded FROM sandbox_refunds WHERE intent_id = ?',
  );
  const insertRefund = db.prepare(
    `INSERT INTO sandbox_refunds (id, idempotency_key, intent_id, amount, metadata, created_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );

  return withLedgerFaults({
    paymentStep(intent) {
      return {
        provider: 'sandbox',
        paymentIntentId: intent.id,
        clientSecret: intent.clientSecret,
        testMode: true,
      };
    },

    async createPaymentIntent(input: CreatePaymentIntentInput, { idempotencyKey }) {
      const requestHash = createHash('sha256')
        .update(JSON.stringify([input.amountCents, input.currency, input.bookingId]))
        .digest('hex');
      const existing = byKey.get(idempotencyKey) as
        (IntentRow & { request_hash: string }) | undefined;
      if (existing) {
        // Stripe refuses a key reused with other parameters; so does the sandbox.
        if (existing.request_hash !== requestHash) {
          throw new Error(IDEMPOTENCY_MISMATCH);
        }
        return toView(existing);
      }
      const id = `pi_sandbox_${token(12)}`;
      const now = new Date().toISOString();
      insert.run(
        id,
        idempotencyKey,
        requestHash,
        `${id}_secret_${token(16)}`,
        input.amountCents,
        input.currency,
        JSON.stringify({
          bookingId: input.bookingId,
          bookingReferenceId: input.bookingReferenceId,
          ...(input.paymentLinkId ? { paymentLinkId: input.paymentLinkId } : {}),
        }),
        now,
        now,
      );
      return toView(byId.get(id) as unknown as IntentRow);
    },

    async retrievePaymentIntent(id) {
      const row = byId.get(id) as unknown as IntentRow | undefined;
      return row ? toView(row) : null;
    },

    async cancelPaymentIntent(id) {
      const row = byId.get(id) as unknown as IntentRow | undefined;
      if (!row) return null;
      const intent = toView(row);
      if (!CANCELABLE_STATUSES.has(intent.status)) return intent;
      update.run('canceled', row.last_error, row.card, new Date().toISOString(), id);
      return { ...intent, status: 'canceled' };
    },

    async updatePaymentIntentAmount(id, amountCents, { idempotencyKey }) {
      if (!Number.isInteger(amountCents) || amountCents < MIN_CHARGE_CENTS) {
        throw new PaymentProviderError(
          `The amount must be a whole number of cents, at least ${MIN_CHARGE_CENTS}.`,
        );
      }
      return transaction(db, () => {
        const done = amountChangeByKey.get(idempotencyKey) as
          { intent_id: string; amount: number; response: string } | undefined;
        if (done) {
          if (done.intent_id !== id || done.amount !== amountCents) {
            throw new Error(IDEMPOTENCY_MISMATCH);
          }
          return JSON.parse(done.response) as PaymentIntentView;
        }
        const row = byId.get(id) as unknown as IntentRow | undefined;
        if (!row) throw new PaymentIntentNotFoundError(id);
        const intent = toView(row);
        if (!AMOUNT_UPDATABLE_STATUSES.has(intent.status)) {
          throw new PaymentIntentNotUpdatableError(id, intent.status);
        }
        const now = new Date().toISOString();
        setAmount.run(amountCents, now, id);
        const changed: PaymentIntentView = { ...intent, amount: amountCents };
        insertAmountChange.run(idempotencyKey, id, amountCents, JSON.stringify(changed), now);
        return changed;
      });
    },

    async refund(input, { idempotencyKey }) {
      const { paymentIntentId: id, amountCents } = input;
      if (!Number.isInteger(amountCents) || amountCents <= 0) {
        throw new PaymentProviderError('The refund must be a whole number of cents above 0.');
      }
      return transaction(db, (): RefundView => {
        const done = refundByKey.get(idempotencyKey) as
          { id: string; intent_id: string; amount: number } | undefined;
        if (done) {
          if (done.intent_id !== id || done.amount !== amountCents) {
            throw new Error(IDEMPOTENCY_MISMATCH);
          }
          return { id: done.id, paymentIntentId: id, amountCents, status: 'succeeded' };
        }
        const row = byId.get(id) as unknown as IntentRow | undefined;
        if (!row) throw new RefundRefusedError('not_found', `No such payment_intent: '${id}'`);
        if (row.status !== 'succeeded') {
          throw new RefundRefusedError(
            'not_paid',
            `This PaymentIntent (${id}) does not have a successful charge to refund.`,
          );
        }
        const { refunded } = refundedOf.get(id) as { refunded: number };
        if (refunded + amountCents > row.amount) {
          throw new RefundRefusedError(
            'exceeds_paid',
            `Refund amount (${formatMoney(amountCents)}) is greater than unrefunded amount on charge (${formatMoney(row.amount - refunded)})`,
          );
        }
        const refundId = `re_sandbox_${token(12)}`;
        insertRefund.run(
          refundId,
          idempotencyKey,
          id,
          amountCents,
          JSON.stringify({
            bookingId: input.bookingId,
            bookingReferenceId: input.bookingReferenceId,
            staffReason: input.reason,
          }),
          new Date().toISOString(),
        );
        return { id: refundId, paymentIntentId: id, amountCents, status: 'succeeded' };
      });
    },

    async confirm(intentId, card, now = new Date()) {
      const row = byId.get(intentId) as unknown as IntentRow | undefined;
      if (!row) throw new Error(`No such payment_intent: '${intentId}'`);
      const intent = toView(row);
      if (intent.status === 'canceled') {
        // As Stripe: a cancelled intent can never be charged.
        return refusedInState(intent, "This PaymentIntent's status is canceled.");
      }
      if (intent.status === 'succeeded') {
        // Stripe refuses to confirm a paid intent: a booking is never charged twice.
        return refusedInState(intent, 'This PaymentIntent has already succeeded.');
      }
      const invalid = formatError(card, now);
      if (invalid) return { intent, event: null, error: invalid };

      const digits = card.number.replace(/[\s-]/g, '');
      const summary: CardSummary = { brand: cardBrand(digits), last4: digits.slice(-4) };
      const error = SUCCESSFUL_CARDS.has(digits) ? null : (DECLINES[digits] ?? GENERIC_DECLINE);
      const status: PaymentIntentStatus = error ? 'requires_payment_method' : 'succeeded';
      update.run(
        status,
        error ? JSON.stringify(error) : null,
        JSON.stringify(summary),
        now.toISOString(),
        intentId,
      );
      const event: VerifiedPaymentEvent = {
        id: `evt_sandbox_${token(12)}`,
        providerType: error ? 'payment_intent.payment_failed' : 'payment_intent.succeeded',
        outcome: error ? 'failed' : 'succeeded',
        occurredAt: now.toISOString(),
        paymentIntentId: intentId,
        bookingId: intent.metadata.bookingId ?? null,
        amountCents: intent.amount,
        currency: intent.currency,
        error,
        card: summary,
      };
      return {
        intent: { ...intent, status, lastError: error, card: summary },
        event,
        error,
      };
    },
  });
}
