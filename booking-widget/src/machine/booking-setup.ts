// The booking machine's vocabulary: its types, the actors the edge provides, and its named guards
// and actions. The wizard itself (states and transitions) is in booking-machine.ts. Actions that
// need an event's data assert its type (assertEvent) or take it as typed params from the
// transition that knows it (an invoke's typed `event.output` / `event.error`).
import { type BookingResponse, type QuoteResponse } from '@business-chauffeur/booking-contract';
import {
  createBookingDraft,
  widgetMessages,
  widgetStepMessages,
  type WizardTab,
} from '@business-chauffeur/booking-contract/widget';
import {
  assertEvent,
  assign,
  emit,
  fromPromise,
  raise,
  setup,
  type NonReducibleUnknown,
} from 'xstate';
import {
  findVehicle,
  hasErrors,
  placeOf,
  randomKey,
  selectable,
  stopPathsFrom,
  withByTheHour,
  withChildSeats,
  withContact,
  withFewerHours,
  withGeneral,
  withMoreHours,
  withoutErrors,
  withPlace,
  withProfile,
  withQuote,
  withSelection,
  withStopToggled,
  withTrailer,
} from './draft-edits';
import { describeFailure } from './failures';
import type { BookingRules } from './step-rules';
import type {
  ApplyPromoInput,
  BookingContext,
  BookingEmitted,
  BookingEvent,
  BookingMachineInput,
  ConfirmPaymentInput,
  CreateBookingInput,
  Failure,
  FetchQuoteInput,
  PaymentOutcome,
  PaymentStatusInput,
} from './types';

const text = widgetMessages;

/** A restored quote this close to its expiry is asked for again before the customer goes on. */
export const QUOTE_EXPIRY_MARGIN_MS = 2 * 60_000;

type Step = 1 | 2 | 3;

/** A step's errors; a step cannot be checked, and so is not valid, until the rules are loaded. */
function stepErrors(context: BookingContext, step: Step) {
  const { rules, draft } = context;
  if (!rules) return null;
  if (step === 1) return rules.step1Errors(draft, context.now(), context.horizonMonths);
  return step === 2 ? rules.step2Errors(draft) : rules.step3Errors(draft);
}
function stepValid(context: BookingContext, step: Step) {
  const errors = stepErrors(context, step);
  return errors !== null && !hasErrors(errors);
}

const isSaved = (context: BookingContext) => context.booking !== null;

/** Restored on a later step without a saved booking, and its quote is gone or about to expire. */
function needsRequote(context: BookingContext): boolean {
  if (context.resumeStep === 0 || isSaved(context)) return false;
  const expires = Date.parse(context.quote?.expiresAt ?? '');
  return !(expires - context.now().getTime() > QUOTE_EXPIRY_MARGIN_MS);
}

/** An actor the edge must provide (api/actors.ts; tests provide fakes). */
const placeholder = <Output, Input = NonReducibleUnknown>(name: string) =>
  fromPromise<Output, Input>(async () => {
    throw new Error(`${name} is not provided`);
  });

export const bookingSetup = setup({
  types: {
    context: {} as BookingContext,
    events: {} as BookingEvent,
    input: {} as BookingMachineInput,
    emitted: {} as BookingEmitted,
  },
  actors: {
    loadRules: placeholder<BookingRules>('loadRules'),
    fetchQuote: placeholder<QuoteResponse, FetchQuoteInput>('fetchQuote'),
    createBooking: placeholder<BookingResponse, CreateBookingInput>('createBooking'),
    confirmPayment: placeholder<PaymentOutcome, ConfirmPaymentInput>('confirmPayment'),
    watchPayment: placeholder<PaymentOutcome, PaymentStatusInput>('watchPayment'),
    /** One look at a restored booking's payment (succeeded, processing, or still to pay). */
    checkPayment: placeholder<PaymentOutcome, PaymentStatusInput>('checkPayment'),
    /** The booking re-priced with a promo code (its discount line), or a refusal. */
    applyPromo: placeholder<BookingResponse, ApplyPromoInput>('applyPromo'),
  },
  guards: {
    rulesMissing: ({ context }) => context.rules === null,
    restoredBooking: ({ context }) => isSaved(context),
    restoredNeedsQuote: ({ context }) => needsRequote(context),
    /** Restored on this step (and, past the vehicle step, with a vehicle chosen). */
    resumesAt: ({ context }, step: WizardTab) =>
      context.resumeStep === step && (step < 2 || context.draft.vehicleId !== null),
    bookingGone: (_, error: unknown) => describeFailure(error).code === 'not_found',
    stepValid: ({ context }, step: Step) => stepValid(context, step),
    notSaved: ({ context }) => !isSaved(context),
    /** Switching By the Hour off re-quotes when there is a quote to refresh and step 1 is valid. */
    requotesOnByTheHourOff: ({ context, event }) => {
      assertEvent(event, 'byTheHour.toggle');
      if (event.enabled || !context.quote) return false;
      return stepValid({ ...context, draft: withByTheHour(context.draft, false) }, 1);
    },
    canSelectVehicle: ({ context, event }) => {
      assertEvent(event, 'vehicle.select');
      return selectable(findVehicle(context.draft, event.vehicleId));
    },
    canDecrementHours: ({ context }) =>
      context.draft.trip.byTheHour && context.draft.trip.hours > 0,
    canIncrementHours: ({ context }) => context.draft.trip.byTheHour,
    promoEntered: ({ context }) => context.promo.code.trim() !== '',
    termsAccepted: ({ context }) => context.termsAccepted,
    /** The server refused the code itself (any other failure is the call's). */
    promoRefused: (_, error: unknown) => describeFailure(error).code === 'promo_invalid',
    paymentSucceeded: (_, outcome: PaymentOutcome) => outcome.status === 'succeeded',
    paymentProcessing: (_, outcome: PaymentOutcome) => outcome.status === 'processing',
    paymentPending: (_, outcome: PaymentOutcome) =>
      ['processing', 'requires_payment_method'].includes(outcome.status) && !outcome.error,
  },
  actions: {
    announceStep: emit((_, step: WizardTab) => ({ type: 'step' as const, index: step })),
    editPlace: assign(({ context, event }) => {
      assertEvent(event, 'place.edit');
      // Editing keeps the chosen place id until another suggestion is chosen.
      const placeId = placeOf(context.draft, event.field)?.placeId ?? null;
      const asked = context.errors[event.field] === text.general.choosePlace;
      return {
        draft: withPlace(context.draft, event.field, { text: event.text, placeId }),
        // Typing again answers "Choose a place from the list."; other messages stay until Next.
        ...(asked ? { errors: withoutErrors(context.errors, event.field) } : {}),
      };
    }),
    choosePlace: assign(({ context, event }) => {
      assertEvent(event, 'place.choose');
      const { field, place } = event;
      return {
        draft: withPlace(context.draft, field, {
          text: place.description,
          placeId: place.placeId,
          kind: place.kind ?? null,
        }),
        errors: withoutErrors(context.errors, field),
      };
    }),
    abandonPlace: assign(({ context, event }) => {
      assertEvent(event, 'place.abandon');
      // Leaving the field without choosing a suggestion keeps what was typed but no place: the
      // field says to choose one, and Next refuses it with the field's own message.
      const { field } = event;
      const typed = placeOf(context.draft, field)?.text ?? '';
      return {
        draft: withPlace(context.draft, field, { placeId: null, kind: null }),
        errors:
          typed.trim() === ''
            ? withoutErrors(context.errors, field)
            : { ...context.errors, [field]: text.general.choosePlace },
      };
    }),
    editPlaceDetails: assign(({ context, event }) => {
      assertEvent(event, 'place.details');
      const { field, details } = event;
      return {
        draft: withPlace(context.draft, field, { details }),
        errors: withoutErrors(context.errors, `${field}.details`),
      };
    }),
    toggleStop: assign(({ context, event }) => {
      assertEvent(event, 'stop.toggle');
      const draft = withStopToggled(context.draft, event.index, event.enabled);
      if (!draft) return {};
      const errors = event.enabled
        ? context.errors
        : withoutErrors(context.errors, ...stopPathsFrom(event.index));
      return { draft, errors };
    }),
    changeGeneral: assign(({ context, event }) => {
      assertEvent(event, 'general.change');
      const { field } = event;
      return {
        draft: withGeneral(context.draft, field, event.value),
        // A new date or time can settle the other's "one hour from now" message too.
        errors:
          field === 'date' || field === 'time'
            ? withoutErrors(context.errors, 'date', 'time')
            : withoutErrors(context.errors, field),
      };
    }),
    toggleByTheHour: assign(({ context, event }) => {
      assertEvent(event, 'byTheHour.toggle');
      return {
        draft: withByTheHour(context.draft, event.enabled),
        errors: withoutErrors(context.errors, 'hours'),
      };
    }),
    decrementHours: assign(({ context }) => ({ draft: withFewerHours(context.draft) })),
    incrementHours: assign(({ context }) => ({
      draft: withMoreHours(context.draft),
      errors: withoutErrors(context.errors, 'hours'),
    })),
    showStepErrors: assign(({ context }, step: Step) => ({
      errors: stepErrors(context, step) ?? {},
    })),
    storeRules: assign((_, rules: BookingRules) => ({ rules })),
    storeRulesFailure: assign((_, error: unknown) => ({ notice: describeFailure(error).message })),
    /** The customer's Next, again, once the rules it waited for are here. */
    retryNext: raise({ type: 'wizard.next' }),
    reportInvalid: emit(({ context }) => ({ type: 'invalid' as const, fields: context.errors })),
    clearErrors: assign({ errors: {}, notice: null }),
    storeQuote: assign(({ context }, quote: QuoteResponse) => ({
      quote,
      notice: null,
      draft: withQuote(context.draft, quote),
    })),
    announceQuote: emit((_, quote: QuoteResponse) => ({ type: 'quote' as const, quote })),
    storeQuoteFailure: assign(({ context }, error: unknown) => {
      const failure = describeFailure(error);
      return {
        notice: failure.message,
        errors: failure.fields ? { ...context.errors, ...failure.fields } : context.errors,
      };
    }),
    /** Tells the host page; the message is the one the customer sees, when there is one. */
    reportFailure: emit(({ context }, params: { step: WizardTab; failure: Failure }) => {
      const { step, failure } = params;
      const shown = step === 4 ? (context.paymentError ?? context.notice) : context.notice;
      return {
        type: 'failure' as const,
        code: failure.code,
        message: shown ?? failure.message,
        step,
      };
    }),
    clearSelection: assign(({ context }) => ({ draft: withSelection(context.draft, null) })),
    selectPreferredVehicle: assign(({ context }) => {
      if (!context.preferredVehicle) return {};
      const card = context.draft.vehicles.find((item) => item.slug === context.preferredVehicle);
      // Applied once: the customer's own later choices win.
      return {
        preferredVehicle: null,
        ...(selectable(card) ? { draft: withSelection(context.draft, card) } : {}),
      };
    }),
    selectVehicle: assign(({ context, event }) => {
      assertEvent(event, 'vehicle.select');
      return {
        draft: withSelection(context.draft, findVehicle(context.draft, event.vehicleId) ?? null),
        errors: withoutErrors(context.errors, 'vehicleId'),
      };
    }),
    changeChildSeats: assign(({ context, event }) => {
      assertEvent(event, 'childSeats.change');
      return {
        draft: withChildSeats(context.draft, event.kind, event.value),
        errors: withoutErrors(context.errors, 'childSeats'),
      };
    }),
    toggleTrailer: assign(({ context, event }) => {
      assertEvent(event, 'trailer.toggle');
      return { draft: withTrailer(context.draft, event.enabled) };
    }),
    changeContact: assign(({ context, event }) => {
      assertEvent(event, 'contact.change');
      const { role, field, value } = event;
      return {
        draft: withContact(context.draft, role, field, value),
        errors: withoutErrors(context.errors, `${role}.${field}`),
      };
    }),
    toggleOnBehalf: assign(({ context, event }) => {
      assertEvent(event, 'onBehalf.toggle');
      const bookerPaths = Object.keys(context.errors).filter((path) =>
        path.startsWith('bookingPerson.'),
      );
      return {
        draft: { ...context.draft, onBehalf: event.enabled },
        errors: event.enabled ? context.errors : withoutErrors(context.errors, ...bookerPaths),
      };
    }),
    storeHorizon: assign(({ event }) => {
      assertEvent(event, 'horizon.loaded');
      return { horizonMonths: event.months };
    }),
    storeRefusal: assign(({ event }) => {
      assertEvent(event, 'origin.refused');
      return { notice: event.message };
    }),
    applyProfile: assign(({ context, event }) => {
      assertEvent(event, 'profile.loaded');
      return { profile: event.profile, draft: withProfile(context.draft, event.profile) };
    }),
    announceCleared: emit({ type: 'cleared' as const }),
    /** Back on the vehicle step after a restore, the customer's vehicle is selected again. */
    keepSelection: assign(({ context }) => ({
      preferredVehicle:
        findVehicle(context.draft, context.draft.vehicleId)?.slug ?? context.preferredVehicle,
    })),
    /** The restored booking is not on the server any more: save it again from the summary. */
    forgetBooking: assign({ booking: null, idempotencyKey: null }),
    clearForm: assign(({ context }) => ({
      draft: withProfile(createBookingDraft(), context.profile),
      errors: {},
      notice: null,
      quote: null,
      booking: null,
      paymentError: null,
      paymentNotice: null,
      promo: { code: '', message: null },
      termsAccepted: false,
      idempotencyKey: null,
    })),
    newIdempotencyKey: assign({ idempotencyKey: () => randomKey() }),
    // From here on the total is the server's amount (see selectors.ts).
    storeBooking: assign((_, booking: BookingResponse) => ({ booking, notice: null })),
    storeSaveFailure: assign((_, notice: string) => ({ notice })),
    changePromo: assign(({ event }) => {
      assertEvent(event, 'promo.change');
      return { promo: { code: event.code, message: null } };
    }),
    /** The re-priced booking replaces the saved one: its lines, amount and code are shown. */
    storePromoBooking: assign((_, booking: BookingResponse) => ({
      booking,
      promo: { code: booking.promoCode ?? '', message: null },
      paymentError: null,
    })),
    /** A refused code: the server's words for the field, else the catalogue's. */
    refusePromo: assign(({ context }, error: unknown) => {
      const failure = error === undefined ? null : describeFailure(error);
      return {
        promo: {
          code: context.promo.code,
          message: failure?.fields?.promoCode ?? failure?.message ?? text.payment.promoInvalid,
        },
      };
    }),
    startPayment: assign({ paymentError: null, paymentNotice: null }),
    toggleTerms: assign(({ context, event }) => {
      assertEvent(event, 'terms.toggle');
      return { termsAccepted: event.accepted, errors: withoutErrors(context.errors, 'terms') };
    }),
    refuseWithoutTerms: assign(({ context }) => ({
      errors: { ...context.errors, terms: widgetStepMessages.paymentForm.termsRequired },
    })),
    storePaymentFailure: assign((_, message: string) => ({
      paymentError: message,
      paymentNotice: null,
    })),
    markProcessing: assign({ paymentNotice: text.payment.processing, paymentError: null }),
    markSucceeded: assign({ paymentError: null, paymentNotice: null }),
    announceCompleted: emit(({ context }) => ({
      type: 'completed' as const,
      booking: context.booking as BookingResponse,
    })),
  },
});
