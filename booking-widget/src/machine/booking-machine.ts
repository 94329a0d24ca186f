// The booking wizard: the order of its five steps lives here and nowhere else (the step on screen
// is the top-level state, see selectors.ts). Guards apply the contract's step rules; every call to
// the server is a named actor the edge supplies with `.provide()` (see api/actors.ts), so tests run
// the machine with fakes and the browser with the real API. Guards and actions: booking-setup.ts;
// the draft's edits: draft-edits.ts.
import { type QuoteResponse } from '@business-chauffeur/booking-contract';
import {
  draftToBookingRequest,
  draftToQuoteRequest,
  type WizardTab,
} from '@business-chauffeur/booking-contract/widget';
import { assertEvent } from 'xstate';
import { bookingSetup } from './booking-setup';
import { initialDraft, randomKey } from './draft-edits';
import {
  describeFailure,
  paymentErrorMessage,
  refusedPayment,
  saveFailureNotice,
} from './failures';
import type { BookingContext, PaymentOutcome } from './types';

export { QUOTE_EXPIRY_MARGIN_MS } from './booking-setup';

// Params read from an invoke's typed done and error events.
type Done<Output> = { event: { output: Output } };
type Failed = { event: { error: unknown } };
const output = <Output>({ event }: Done<Output>) => event.output;
const error = ({ event }: Failed) => event.error;
const quoteInput = ({ context }: { context: BookingContext }) => ({
  request: draftToQuoteRequest(context.draft),
});
const bookingInput = ({ context }: { context: BookingContext }) => ({
  booking: context.booking!,
});

/** Entering a step tells the outside which one it is. */
const announce = (step: WizardTab) => ({ type: 'announceStep' as const, params: step });
/** A failed call: the host page hears of it with the step it failed on. */
const reportCallFailure = (step: WizardTab) => ({
  type: 'reportFailure' as const,
  params: ({ event }: Failed) => ({ step, failure: describeFailure(event.error) }),
});
/** A payment that failed: refused by the provider (an outcome), or a call that failed (an error). */
const paymentRefused = [
  {
    type: 'storePaymentFailure' as const,
    params: ({ event }: Done<PaymentOutcome>) => paymentErrorMessage(event.output.error),
  },
  {
    type: 'reportFailure' as const,
    params: ({ event }: Done<PaymentOutcome>) => ({
      step: 4 as const,
      failure: refusedPayment(event.output),
    }),
  },
];
const paymentFailed = [
  {
    type: 'storePaymentFailure' as const,
    params: ({ event }: Failed) => describeFailure(event.error).message,
  },
  reportCallFailure(4),
];
/**
 * Asks the server for a quote of the trip as it is: the answer is stored and announced, then
 * `target`; a refusal shows the server's words on step 1 (and, after Next, marks the fields).
 */
const askForQuote = (id: string, target: string, ...onRefusal: 'reportInvalid'[]) => ({
  id,
  src: 'fetchQuote' as const,
  input: quoteInput,
  onDone: {
    target,
    actions: [
      { type: 'storeQuote' as const, params: output<QuoteResponse> },
      { type: 'announceQuote' as const, params: output<QuoteResponse> },
    ],
  },
  onError: {
    target: 'editing',
    actions: [
      { type: 'storeQuoteFailure' as const, params: error },
      ...onRefusal,
      reportCallFailure(0),
    ],
  },
});
const succeededOr = (onDone: object[]) => [
  {
    guard: { type: 'paymentSucceeded' as const, params: output<PaymentOutcome> },
    target: 'succeeded',
  },
  ...onDone,
];

export const bookingMachine = bookingSetup.createMachine({
  id: 'booking',
  initial: 'start',
  context: ({ input }) => ({
    draft: initialDraft(input),
    errors: {},
    quote: input.restored?.quote ?? null,
    notice: null,
    booking: input.restored?.booking ?? null,
    paymentError: null,
    paymentNotice: null,
    // A booking restored after a reload keeps its applied code in the field.
    promo: { code: input.restored?.booking?.promoCode ?? '', message: null },
    // Asked again after a reload: the agreement is given right before paying.
    termsAccepted: false,
    // A restored draft keeps its own choices; the element's prefill is for a fresh one.
    preferredVehicle: input.restored ? null : (input.prefill?.vehicle ?? null),
    profile: input.profile ?? null,
    partner: input.partner ?? null,
    idempotencyKey: input.restored?.idempotencyKey ?? null,
    resumeStep: input.restored?.step ?? 0,
    now: input.now ?? (() => new Date()),
    rules: input.rules ?? null,
    horizonMonths: null,
  }),
  // The step rules arrive in the background while the customer fills in step 1.
  invoke: {
    id: 'rules',
    src: 'loadRules',
    onDone: { actions: { type: 'storeRules', params: output } },
    // A failed load is retried when Next needs the rules (general.awaitingRules).
    onError: {},
  },
  on: {
    'profile.loaded': { actions: 'applyProfile' },
    'horizon.loaded': { actions: 'storeHorizon' },
    'origin.refused': { actions: 'storeRefusal' },
    // Clear Form: a fresh draft on step 1, until the booking is saved (then it is hidden).
    'wizard.clear': {
      guard: 'notSaved',
      target: '#booking.general.editing',
      actions: ['clearForm', 'announceCleared'],
    },
  },
  states: {
    // Where the wizard opens: step 1, or the step of a draft restored after a reload, with its
    // values. A saved booking resumes on the payment step; a restored quote that expired is asked
    // for again (step 1's quoting, then the vehicle step with the same vehicle selected).
    start: {
      always: [
        { guard: 'restoredBooking', target: 'payment.resuming' },
        { guard: 'restoredNeedsQuote', target: 'general.quoting', actions: 'keepSelection' },
        { guard: { type: 'resumesAt', params: 4 }, target: 'payment' },
        { guard: { type: 'resumesAt', params: 3 }, target: 'summary' },
        { guard: { type: 'resumesAt', params: 2 }, target: 'passenger' },
        {
          guard: ({ context }) => context.resumeStep > 0,
          target: 'vehicle',
          actions: 'keepSelection',
        },
        { target: 'general' },
      ],
    },
    general: {
      entry: announce(0),
      initial: 'editing',
      on: {
        'place.edit': { actions: 'editPlace' },
        'place.choose': { actions: 'choosePlace' },
        'place.abandon': { actions: 'abandonPlace' },
        'place.details': { actions: 'editPlaceDetails' },
        'stop.toggle': { actions: 'toggleStop' },
        'general.change': { actions: 'changeGeneral' },
        'childSeats.change': { actions: 'changeChildSeats' },
        'trailer.toggle': { actions: 'toggleTrailer' },
        'byTheHour.toggle': [
          // Switching off re-prices the trip.
          { guard: 'requotesOnByTheHourOff', target: '.requoting', actions: 'toggleByTheHour' },
          { target: '.editing', actions: 'toggleByTheHour' },
        ],
        'hours.decrement': { guard: 'canDecrementHours', actions: 'decrementHours' },
        'hours.increment': { guard: 'canIncrementHours', actions: 'incrementHours' },
        'wizard.next': [
          { guard: 'rulesMissing', target: '.awaitingRules' },
          // Leaving step 1 asks the server for a quote.
          { guard: { type: 'stepValid', params: 1 }, target: '.quoting', actions: 'clearErrors' },
          { actions: [{ type: 'showStepErrors', params: 1 }, 'reportInvalid'] },
        ],
      },
      states: {
        editing: {},
        // Next before the rules arrived (a very fast customer, or a failed load): wait, then check.
        awaitingRules: {
          on: { 'wizard.next': {} },
          invoke: {
            id: 'awaitRules',
            src: 'loadRules',
            onDone: {
              target: 'editing',
              actions: [{ type: 'storeRules', params: output }, 'retryNext'],
            },
            onError: {
              target: 'editing',
              actions: [
                { type: 'storeRulesFailure', params: error },
                'reportInvalid',
                reportCallFailure(0),
              ],
            },
          },
        },
        requoting: { invoke: askForQuote('requote', 'editing') },
        quoting: {
          on: {
            // The quote in flight is for the trip as it was; wait for it.
            'wizard.next': {},
          },
          invoke: askForQuote('quote', '#booking.vehicle', 'reportInvalid'),
        },
      },
    },
    vehicle: {
      // Opening the vehicle step clears the selection (a fleet link's vehicle is chosen again).
      entry: ['clearSelection', 'selectPreferredVehicle', announce(1)],
      on: {
        'vehicle.select': { guard: 'canSelectVehicle', actions: 'selectVehicle' },
        'wizard.next': [
          { guard: { type: 'stepValid', params: 2 }, target: 'passenger', actions: 'clearErrors' },
          { actions: [{ type: 'showStepErrors', params: 2 }, 'reportInvalid'] },
        ],
        'wizard.previous': { target: 'general', actions: 'clearErrors' },
      },
    },
    passenger: {
      entry: announce(2),
      on: {
        'contact.change': { actions: 'changeContact' },
        'onBehalf.toggle': { actions: 'toggleOnBehalf' },
        'wizard.next': [
          { guard: { type: 'stepValid', params: 3 }, target: 'summary', actions: 'clearErrors' },
          { actions: [{ type: 'showStepErrors', params: 3 }, 'reportInvalid'] },
        ],
        'wizard.previous': { target: 'vehicle', actions: 'clearErrors' },
      },
    },
    summary: {
      entry: announce(3),
      on: {
        'wizard.next': { target: 'payment', actions: 'newIdempotencyKey' },
        'wizard.previous': { target: 'passenger' },
        // The summary's Change links: straight back to the step, as Previous would get there.
        'wizard.edit': [
          { guard: ({ event }) => event.step === 0, target: 'general' },
          { guard: ({ event }) => event.step === 1, target: 'vehicle' },
          { target: 'passenger' },
        ],
      },
    },
    payment: {
      entry: announce(4),
      initial: 'saving',
      on: {
        'wizard.previous': { guard: 'notSaved', target: 'summary', actions: 'clearErrors' },
        'terms.toggle': { actions: 'toggleTerms' },
      },
      states: {
        // Entering step 5 saves the booking (status DRAFT) and creates its payment on the server.
        saving: {
          on: {
            // The save in flight may succeed: nothing may discard it now.
            'wizard.clear': {},
            'wizard.previous': {},
          },
          invoke: {
            id: 'save',
            src: 'createBooking',
            input: ({ context }) => ({
              request: draftToBookingRequest(context.draft, context.idempotencyKey ?? undefined),
              partner: context.partner,
              idempotencyKey: context.idempotencyKey ?? randomKey(),
            }),
            onDone: { target: 'ready', actions: { type: 'storeBooking', params: output } },
            onError: {
              target: 'saveFailed',
              actions: [
                { type: 'storeSaveFailure', params: ({ event }) => saveFailureNotice(event.error) },
                reportCallFailure(4),
              ],
            },
          },
        },
        saveFailed: {
          on: { 'payment.retrySave': { target: 'saving', actions: 'clearErrors' } },
        },
        // A booking saved before a reload: the server says whether it was paid meanwhile.
        resuming: {
          invoke: {
            id: 'check',
            src: 'checkPayment',
            input: bookingInput,
            onDone: succeededOr([
              { guard: { type: 'paymentProcessing', params: output }, target: 'processing' },
              { target: 'ready' },
            ]),
            onError: [
              {
                guard: { type: 'bookingGone', params: error },
                target: '#booking.summary',
                actions: 'forgetBooking',
              },
              // Could not ask (offline): the form is there, and paying tells the outcome.
              { target: 'ready' },
            ],
          },
        },
        ready: {
          on: {
            'promo.change': { actions: 'changePromo' },
            'promo.apply': [
              { guard: 'promoEntered', target: 'applyingPromo' },
              { actions: { type: 'refusePromo', params: undefined } },
            ],
            // No payment without the agreement: the box says so and takes focus.
            'payment.submit': [
              { guard: 'termsAccepted', target: 'paying', actions: 'startPayment' },
              { actions: ['refuseWithoutTerms', 'reportInvalid'] },
            ],
          },
        },
        // Apply: the server checks the code and answers the booking re-priced.
        applyingPromo: {
          invoke: {
            id: 'promo',
            src: 'applyPromo',
            input: ({ context }) => ({
              booking: context.booking!,
              code: context.promo.code.trim(),
            }),
            onDone: { target: 'ready', actions: { type: 'storePromoBooking', params: output } },
            onError: [
              {
                guard: { type: 'promoRefused', params: error },
                target: 'ready',
                actions: { type: 'refusePromo', params: error },
              },
              { target: 'ready', actions: paymentFailed },
            ],
          },
        },
        paying: {
          invoke: {
            id: 'pay',
            src: 'confirmPayment',
            input: ({ context, event }) => {
              assertEvent(event, 'payment.submit');
              return { booking: context.booking!, method: event.method };
            },
            onDone: succeededOr([
              { guard: { type: 'paymentPending', params: output }, target: 'processing' },
              { target: 'ready', actions: paymentRefused },
            ]),
            onError: { target: 'ready', actions: paymentFailed },
          },
        },
        // A payment not decided yet: "Payment processing." while the server decides.
        processing: {
          entry: 'markProcessing',
          invoke: {
            id: 'watch',
            src: 'watchPayment',
            input: bookingInput,
            onDone: succeededOr([
              // Still undecided after watching a while: the notice stays, and the confirmation
              // email (or /manage-booking) tells the outcome.
              { guard: { type: 'paymentPending', params: output }, target: 'undecided' },
              { target: 'ready', actions: paymentRefused },
            ]),
            onError: { target: 'ready', actions: paymentFailed },
          },
        },
        undecided: {},
        succeeded: {
          type: 'final',
          entry: ['markSucceeded', 'announceCompleted'],
        },
      },
    },
  },
});

export type BookingMachine = typeof bookingMachine;
