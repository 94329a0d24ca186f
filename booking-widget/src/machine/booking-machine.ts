// The booking wizard (spec §4 "Wizard", "By the Hour", "Vehicle step"): the order of the five
// steps lives here and nowhere else. Guards apply the contract's step rules; every call to the
// server is a named actor the edge supplies with `.provide()` (see api/actors.ts), so tests run
// the machine with fakes and the browser with the real API.
import {
  createBookingDraft,
  draftToBookingRequest,
  draftToQuoteRequest,
  HOURS_STEP_DOWN,
  HOURS_STEP_UP,
  MAX_STOPS,
  widgetMessages,
  type BookingDraft,
  type BookingRequest,
  type BookingResponse,
  type DraftContact,
  type FieldErrors,
  type PaymentError,
  type Place,
  type Profile,
  type QuoteRequest,
  type QuoteResponse,
  type SandboxCard,
  type VehicleCard,
  type WizardTab,
} from '@business-chauffeur/booking-contract';
import { assign, emit, fromPromise, raise, setup } from 'xstate';
import type { BookingRules } from './step-rules';

// ---------------------------------------------------------------------------------------------
// Types

export type PlaceField = 'pickup' | 'drop' | 'stops.0' | 'stops.1' | 'stops.2' | 'stops.3';
export type GeneralField =
  'bookingDate' | 'bookingTime' | 'passengersCount' | 'specialInstructions';
export type ContactRole = 'passenger' | 'bookingPerson';

/** The provider's answer after the card was confirmed (mirrors payment-status). */
export interface PaymentOutcome {
  status: 'succeeded' | 'processing' | 'requires_payment_method' | 'failed';
  error: PaymentError | null;
}

/**
 * How the customer pays: the sandbox's test card, or Stripe's Payment Element, whose `confirm`
 * (made by the Stripe form, which holds Stripe.js and the Elements instance) asks Stripe to confirm
 * the PaymentIntent.
 */
export type PaymentMethodInput =
  | { provider: 'sandbox'; card: SandboxCard }
  | { provider: 'stripe'; confirm: () => Promise<PaymentOutcome> };

export interface BookingMachineInput {
  /** Prefill from the element's attributes (places are resolved later, with place.choose). */
  prefill?: { date?: string | null; passengers?: number | null; vehicle?: string | null };
  /** The signed-in customer on the site's own page. */
  profile?: Profile | null;
  partner?: string | null;
  /** The clock; tests pass a fixed one. */
  now?: () => Date;
  /** The step rules when already at hand (tests); otherwise the loadRules actor fetches them. */
  rules?: BookingRules | null;
  /** The customer's draft kept in session storage from before a reload (draft-storage.ts). */
  restored?: RestoredDraft | null;
}

/**
 * What survives a reload: the entered values and step (in the draft), the last quote, and once
 * the booking is saved, the booking (its id, reference and payment's client secret) and the save's
 * idempotency key. Never card data: the card form's fields live only in its component.
 */
export interface RestoredDraft {
  draft: BookingDraft;
  quote: QuoteResponse | null;
  booking: BookingResponse | null;
  idempotencyKey: string | null;
}

/** A restored quote this close to its expiry is asked for again before the customer goes on. */
export const QUOTE_EXPIRY_MARGIN_MS = 2 * 60_000;

export interface BookingContext {
  draft: BookingDraft;
  /** Field path → message, shown beside the field (paths as in the contract's validation). */
  errors: FieldErrors;
  /** The last quote: trip as the server priced it, legs, totals and vehicle cards. */
  quote: QuoteResponse | null;
  /** A step-level message: a quote or save that failed, with the server's words. */
  notice: string | null;
  /** The saved booking and what its payment step needs. */
  booking: BookingResponse | null;
  paymentError: string | null;
  /** "Payment processing." while the provider has not decided. */
  paymentNotice: string | null;
  promo: { code: string; message: string | null };
  /** A vehicle slug to select when the vehicle step first opens (fleet "Book Now" links). */
  preferredVehicle: string | null;
  profile: Profile | null;
  partner: string | null;
  /** One per trip to the payment step, so a double submission saves one booking. */
  idempotencyKey: string | null;
  now: () => Date;
  /** The contract's step rules (step-rules.ts), loaded when the machine starts. */
  rules: BookingRules | null;
  /**
   * How many months ahead a pickup may be (the site's config); until it arrives the date has no
   * upper bound here, and the server's quote still checks it.
   */
  horizonMonths: number | null;
}

export type BookingEvent =
  | { type: 'wizard.next' }
  | { type: 'wizard.previous' }
  | { type: 'wizard.clear' }
  | { type: 'place.edit'; field: PlaceField; text: string }
  | { type: 'place.choose'; field: PlaceField; place: Place }
  | { type: 'place.abandon'; field: PlaceField }
  | { type: 'stop.toggle'; index: number; enabled: boolean }
  | { type: 'general.change'; field: GeneralField; value: string }
  | { type: 'byTheHour.toggle'; enabled: boolean }
  | { type: 'hours.decrement' }
  | { type: 'hours.increment' }
  | { type: 'vehicle.select'; vehicleId: string }
  | { type: 'contact.change'; role: ContactRole; field: keyof DraftContact; value: string }
  | { type: 'onBehalf.toggle'; enabled: boolean }
  | { type: 'promo.change'; code: string }
  | { type: 'promo.apply' }
  | { type: 'payment.submit'; method: PaymentMethodInput }
  | { type: 'payment.retrySave' }
  | { type: 'profile.loaded'; profile: Profile }
  | { type: 'horizon.loaded'; months: number };

/** What the machine tells the outside (the UI and, through it, the host page). */
export type BookingEmitted =
  | { type: 'step'; index: WizardTab }
  | { type: 'quote'; quote: QuoteResponse }
  | { type: 'invalid'; fields: FieldErrors }
  | { type: 'completed'; booking: BookingResponse }
  /** Clear Form: the customer starts over (the saved draft goes). */
  | { type: 'cleared' }
  | { type: 'failure'; code: string; message: string; step: WizardTab };

export interface FetchQuoteInput {
  request: QuoteRequest;
}
export interface CreateBookingInput {
  request: BookingRequest;
  partner: string | null;
  idempotencyKey: string;
}
export interface ConfirmPaymentInput {
  booking: BookingResponse;
  method: PaymentMethodInput;
}
export interface PaymentStatusInput {
  booking: BookingResponse;
}

// ---------------------------------------------------------------------------------------------
// Pure helpers

const text = widgetMessages;

/** Errors of a rejected call: the API's code and message (and field errors), else a generic one. */
export function describeFailure(error: unknown): {
  code: string;
  message: string;
  fields?: FieldErrors;
} {
  if (error && typeof error === 'object') {
    const { code, message, fields } = error as Record<string, unknown>;
    if (typeof code === 'string' && typeof message === 'string' && message !== '') {
      return {
        code,
        message,
        ...(fields && typeof fields === 'object' ? { fields: fields as FieldErrors } : {}),
      };
    }
  }
  return { code: 'unexpected', message: text.payment.unexpected };
}

/** Spec §8: the provider's message for card, validation and request errors; otherwise a generic one. */
export function paymentErrorMessage(error: PaymentError | null): string {
  if (
    error &&
    ['card_error', 'validation_error', 'invalid_request_error'].includes(error.type) &&
    error.message
  ) {
    return error.message;
  }
  return text.payment.unexpected;
}

function withProfile(draft: BookingDraft, profile: Profile | null): BookingDraft {
  if (!profile) return draft;
  const passenger = draft.passengerDetails;
  return {
    ...draft,
    passengerDetails: {
      ...passenger,
      firstName: passenger.firstName || profile.firstName,
      lastName: passenger.lastName || profile.lastName,
      email: passenger.email || profile.email,
    },
  };
}

function initialDraft(input: BookingMachineInput): BookingDraft {
  const draft = createBookingDraft();
  const prefill = input.prefill ?? {};
  if (prefill.date) draft.generalDetails.bookingDate = prefill.date;
  if (prefill.passengers) draft.generalDetails.passengersCount = prefill.passengers;
  return withProfile(draft, input.profile ?? null);
}

function stopIndex(field: PlaceField): number | null {
  return field.startsWith('stops.') ? Number(field.slice('stops.'.length)) : null;
}

function setPlace(
  draft: BookingDraft,
  field: PlaceField,
  location: string,
  placeId: string | null,
): BookingDraft {
  const next = {
    ...draft.location,
    stops: [...draft.location.stops] as typeof draft.location.stops,
  };
  const index = stopIndex(field);
  if (field === 'pickup') {
    next.pickupLocation = location;
    next.fromPlaceId = placeId;
  } else if (field === 'drop') {
    next.dropLocation = location;
    next.toPlaceId = placeId;
  } else if (index !== null && next.stops[index]) {
    next.stops[index] = { ...next.stops[index], location, placeId };
  }
  return { ...draft, location: next, flagForDistanceCalculation: true };
}

function placeIdOf(draft: BookingDraft, field: PlaceField): string | null {
  const index = stopIndex(field);
  if (field === 'pickup') return draft.location.fromPlaceId;
  if (field === 'drop') return draft.location.toPlaceId;
  return index === null ? null : (draft.location.stops[index]?.placeId ?? null);
}

function withoutErrors(errors: FieldErrors, ...paths: string[]): FieldErrors {
  if (!paths.some((path) => path in errors)) return errors;
  const next = { ...errors };
  for (const path of paths) delete next[path];
  return next;
}

const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;

/** A step's errors; a step cannot be checked, and so is not valid, until the rules are loaded. */
function stepErrors(context: BookingContext, step: 1 | 2 | 3): FieldErrors | null {
  const { rules, draft } = context;
  if (!rules) return null;
  if (step === 1) return rules.step1Errors(draft, context.now(), context.horizonMonths);
  return step === 2 ? rules.step2Errors(draft) : rules.step3Errors(draft);
}
const stepValid = (context: BookingContext, step: 1 | 2 | 3) => {
  const errors = stepErrors(context, step);
  return errors !== null && !hasErrors(errors);
};

function selectable(card: VehicleCard | undefined): card is VehicleCard {
  return Boolean(card && card.canCarry && card.fare !== null);
}

function withSelection(draft: BookingDraft, card: VehicleCard | null): BookingDraft {
  return {
    ...draft,
    bookingFee: card?.fare ?? 0,
    selectedVehicleId: card?.id ?? null,
    vehicleSelection: card
      ? { id: card.id, type: card.type, name: card.title }
      : { id: null, type: null, name: null },
  };
}

function withQuote(draft: BookingDraft, quote: QuoteResponse): BookingDraft {
  return {
    ...draft,
    quoteToken: quote.quoteToken,
    vehicles: quote.vehicles,
    flagForDistanceCalculation: false,
    distanceMatrix: {
      ...draft.distanceMatrix,
      changeFlag: false,
      distance: { text: quote.distanceText, value: quote.distanceMeters, unit: 'km' },
      duration: {
        text: quote.durationText,
        value: Math.round(quote.durationSeconds / 60),
        unit: 'minutes',
      },
    },
  };
}

function randomKey(): string {
  // getRandomValues works on plain-http partner pages too, where randomUUID does not exist.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const isSaved = (context: BookingContext) => context.booking !== null;

const restoredTab = (context: BookingContext) => context.draft.pageDisplay.currentTab;

/** Restored on a later step without a saved booking, and its quote is gone or about to expire. */
function needsRequote(context: BookingContext): boolean {
  if (restoredTab(context) === 0 || isSaved(context)) return false;
  const expires = Date.parse(context.quote?.expiresAt ?? '');
  return !(expires - context.now().getTime() > QUOTE_EXPIRY_MARGIN_MS);
}

// ---------------------------------------------------------------------------------------------
// The machine

export const bookingMachine = setup({
  types: {
    context: {} as BookingContext,
    events: {} as BookingEvent,
    input: {} as BookingMachineInput,
    emitted: {} as BookingEmitted,
  },
  actors: {
    // Placeholders: the edge provides the real ones (api/actors.ts), tests provide fakes.
    loadRules: fromPromise<BookingRules>(async () => {
      throw new Error('loadRules is not provided');
    }),
    fetchQuote: fromPromise<QuoteResponse, FetchQuoteInput>(async () => {
      throw new Error('fetchQuote is not provided');
    }),
    createBooking: fromPromise<BookingResponse, CreateBookingInput>(async () => {
      throw new Error('createBooking is not provided');
    }),
    confirmPayment: fromPromise<PaymentOutcome, ConfirmPaymentInput>(async () => {
      throw new Error('confirmPayment is not provided');
    }),
    watchPayment: fromPromise<PaymentOutcome, PaymentStatusInput>(async () => {
      throw new Error('watchPayment is not provided');
    }),
    /** One look at a restored booking's payment (succeeded, processing, or still to pay). */
    checkPayment: fromPromise<PaymentOutcome, PaymentStatusInput>(async () => {
      throw new Error('checkPayment is not provided');
    }),
  },
  guards: {
    rulesMissing: ({ context }) => context.rules === null,
    restoredBooking: ({ context }) => isSaved(context),
    restoredNeedsQuote: ({ context }) => needsRequote(context),
    restoredAt: ({ context }, params: { tab: WizardTab }) =>
      restoredTab(context) === params.tab &&
      (params.tab < 2 || context.draft.selectedVehicleId !== null),
    bookingGone: ({ event }) =>
      describeFailure((event as { error?: unknown }).error).code === 'not_found',
    step1Valid: ({ context }) => stepValid(context, 1),
    step2Valid: ({ context }) => stepValid(context, 2),
    step3Valid: ({ context }) => stepValid(context, 3),
    notSaved: ({ context }) => !isSaved(context),
    /** Switching By the Hour off re-quotes when there is a quote to refresh and step 1 is valid. */
    requotesOnByTheHourOff: ({ context, event }) => {
      if (event.type !== 'byTheHour.toggle' || event.enabled || !context.quote) return false;
      const draft = {
        ...context.draft,
        generalDetails: {
          ...context.draft.generalDetails,
          byTheHourCheck: false,
          numberOfHours: 0,
        },
      };
      return stepValid({ ...context, draft }, 1);
    },
    canSelectVehicle: ({ context, event }) =>
      event.type === 'vehicle.select' &&
      selectable(context.draft.vehicles.find((card) => card.id === event.vehicleId)),
    canDecrementHours: ({ context }) =>
      context.draft.generalDetails.byTheHourCheck && context.draft.generalDetails.numberOfHours > 0,
    canIncrementHours: ({ context }) => context.draft.generalDetails.byTheHourCheck,
    paymentSucceeded: ({ event }) =>
      'output' in event && (event.output as PaymentOutcome).status === 'succeeded',
    paymentProcessing: ({ event }) =>
      'output' in event && (event.output as PaymentOutcome).status === 'processing',
    paymentPending: ({ event }) =>
      'output' in event &&
      ['processing', 'requires_payment_method'].includes((event.output as PaymentOutcome).status) &&
      !(event.output as PaymentOutcome).error,
  },
  actions: {
    setTab: assign(({ context }, params: { tab: WizardTab }) => ({
      draft: {
        ...context.draft,
        pageDisplay: {
          currentTab: params.tab,
          nextTab: Math.min(params.tab + 1, 4) as WizardTab,
          stepIndicator: params.tab,
        },
      },
    })),
    announceStep: emit((_, params: { tab: WizardTab }) => ({
      type: 'step' as const,
      index: params.tab,
    })),
    editPlace: assign(({ context, event }) => {
      if (event.type !== 'place.edit') return {};
      // Editing keeps the chosen place id until another suggestion is chosen (spec §4).
      return {
        draft: setPlace(
          context.draft,
          event.field,
          event.text,
          placeIdOf(context.draft, event.field),
        ),
      };
    }),
    choosePlace: assign(({ context, event }) => {
      if (event.type !== 'place.choose') return {};
      return {
        draft: setPlace(context.draft, event.field, event.place.description, event.place.placeId),
        errors: withoutErrors(context.errors, event.field),
      };
    }),
    abandonPlace: assign(({ context, event }) => {
      if (event.type !== 'place.abandon') return {};
      // Leaving the field without choosing a suggestion clears text and place id (spec §4).
      return { draft: setPlace(context.draft, event.field, '', null) };
    }),
    toggleStop: assign(({ context, event }) => {
      if (event.type !== 'stop.toggle') return {};
      const { index, enabled } = event;
      if (index < 0 || index >= MAX_STOPS) return {};
      // A stop's switch shows only once the earlier stop is on; switching one off turns off (and
      // empties) every later stop too, so the stops stay a sequence.
      if (enabled && index > 0 && !context.draft.location.stops[index - 1]?.enabled) return {};
      const stops = context.draft.location.stops.map((stop, i) => {
        if (i === index)
          return enabled
            ? { ...stop, enabled: true }
            : { location: '', placeId: null, enabled: false };
        if (!enabled && i > index) return { location: '', placeId: null, enabled: false };
        return stop;
      }) as BookingDraft['location']['stops'];
      const stopPaths = Array.from({ length: MAX_STOPS }, (_, i) => `stops.${i}`).slice(index);
      return {
        draft: {
          ...context.draft,
          location: { ...context.draft.location, stops },
          flagForDistanceCalculation: true,
        },
        errors: enabled ? context.errors : withoutErrors(context.errors, ...stopPaths),
      };
    }),
    changeGeneral: assign(({ context, event }) => {
      if (event.type !== 'general.change') return {};
      const details = context.draft.generalDetails;
      const path = {
        bookingDate: 'date',
        bookingTime: 'time',
        passengersCount: 'passengers',
        specialInstructions: 'notes',
      }[event.field];
      const value =
        event.field === 'passengersCount'
          ? event.value.trim() === ''
            ? 0
            : Number(event.value)
          : event.value;
      return {
        draft: {
          ...context.draft,
          generalDetails: { ...details, [event.field]: value },
          flagForDistanceCalculation: true,
        },
        // A new date or time can settle the other's "one hour from now" message too.
        errors:
          path === 'date' || path === 'time'
            ? withoutErrors(context.errors, 'date', 'time')
            : withoutErrors(context.errors, path),
      };
    }),
    toggleByTheHour: assign(({ context, event }) => {
      if (event.type !== 'byTheHour.toggle') return {};
      // On or off, hours start again from 0 (spec §4 "By the Hour").
      return {
        draft: {
          ...context.draft,
          generalDetails: {
            ...context.draft.generalDetails,
            byTheHourCheck: event.enabled,
            numberOfHours: 0,
          },
          flagForDistanceCalculation: true,
        },
        errors: withoutErrors(context.errors, 'hours'),
      };
    }),
    decrementHours: assign(({ context }) => ({
      draft: {
        ...context.draft,
        generalDetails: {
          ...context.draft.generalDetails,
          numberOfHours: Math.max(0, context.draft.generalDetails.numberOfHours - HOURS_STEP_DOWN),
        },
        flagForDistanceCalculation: true,
      },
    })),
    incrementHours: assign(({ context }) => ({
      draft: {
        ...context.draft,
        generalDetails: {
          ...context.draft.generalDetails,
          numberOfHours: context.draft.generalDetails.numberOfHours + HOURS_STEP_UP,
        },
        flagForDistanceCalculation: true,
      },
      errors: withoutErrors(context.errors, 'hours'),
    })),
    showStep1Errors: assign(({ context }) => ({ errors: stepErrors(context, 1) ?? {} })),
    showStep2Errors: assign(({ context }) => ({ errors: stepErrors(context, 2) ?? {} })),
    showStep3Errors: assign(({ context }) => ({ errors: stepErrors(context, 3) ?? {} })),
    storeRules: assign(({ event }) => ({
      rules: (event as unknown as { output: BookingRules }).output,
    })),
    storeRulesFailure: assign(({ event }) => ({
      notice: describeFailure((event as unknown as { error: unknown }).error).message,
    })),
    /** The customer's Next, again, once the rules it waited for are here. */
    retryNext: raise({ type: 'wizard.next' }),
    reportInvalid: emit(({ context }) => ({ type: 'invalid' as const, fields: context.errors })),
    clearErrors: assign({ errors: {}, notice: null }),
    storeQuote: assign(({ context, event }) => {
      const quote = (event as unknown as { output: QuoteResponse }).output;
      // After a re-quote the selected vehicle keeps its place with its new fare, if still offered.
      const selected = quote.vehicles.find((card) => card.id === context.draft.selectedVehicleId);
      const draft = withQuote(context.draft, quote);
      return {
        quote,
        notice: null,
        draft: context.draft.selectedVehicleId
          ? withSelection(draft, selectable(selected) ? selected : null)
          : draft,
      };
    }),
    announceQuote: emit(({ context }) => ({
      type: 'quote' as const,
      quote: context.quote as QuoteResponse,
    })),
    storeQuoteFailure: assign(({ context, event }) => {
      const failure = describeFailure((event as unknown as { error: unknown }).error);
      return {
        notice: failure.message,
        errors: failure.fields ? { ...context.errors, ...failure.fields } : context.errors,
      };
    }),
    reportFailure: emit(({ context, event }, params: { tab: WizardTab }) => {
      // A declined card arrives as a payment outcome; a failed call as an error.
      const outcome = 'output' in event ? (event.output as PaymentOutcome) : null;
      const failure = outcome
        ? { code: outcome.error?.code ?? 'payment_failed', message: text.payment.unexpected }
        : describeFailure((event as unknown as { error: unknown }).error);
      const shown = params.tab === 4 ? (context.paymentError ?? context.notice) : context.notice;
      return {
        type: 'failure' as const,
        code: failure.code,
        message: shown ?? failure.message,
        step: params.tab,
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
      if (event.type !== 'vehicle.select') return {};
      const card = context.draft.vehicles.find((item) => item.id === event.vehicleId) ?? null;
      return {
        draft: withSelection(context.draft, card),
        errors: withoutErrors(context.errors, 'vehicleId'),
      };
    }),
    changeContact: assign(({ context, event }) => {
      if (event.type !== 'contact.change') return {};
      const details = context.draft.passengerDetails;
      const passengerDetails =
        event.role === 'passenger'
          ? { ...details, [event.field]: event.value }
          : { ...details, bookingPerson: { ...details.bookingPerson, [event.field]: event.value } };
      return {
        draft: { ...context.draft, passengerDetails },
        errors: withoutErrors(context.errors, `${event.role}.${event.field}`),
      };
    }),
    toggleOnBehalf: assign(({ context, event }) => {
      if (event.type !== 'onBehalf.toggle') return {};
      const details = context.draft.passengerDetails;
      return {
        draft: {
          ...context.draft,
          passengerDetails: { ...details, onBehalfCheck: event.enabled },
        },
        errors: event.enabled
          ? context.errors
          : Object.fromEntries(
              Object.entries(context.errors).filter(([path]) => !path.startsWith('bookingPerson.')),
            ),
      };
    }),
    storeHorizon: assign(({ event }) =>
      event.type === 'horizon.loaded' ? { horizonMonths: event.months } : {},
    ),
    applyProfile: assign(({ context, event }) => {
      if (event.type !== 'profile.loaded') return {};
      return { profile: event.profile, draft: withProfile(context.draft, event.profile) };
    }),
    announceCleared: emit({ type: 'cleared' as const }),
    /** Back on the vehicle step after a restore, the customer's vehicle is selected again. */
    keepSelection: assign(({ context }) => ({
      preferredVehicle:
        context.draft.vehicles.find((card) => card.id === context.draft.selectedVehicleId)?.slug ??
        context.preferredVehicle,
    })),
    /** The restored booking is not on the server any more: save it again from the summary. */
    forgetBooking: assign(({ context }) => ({
      booking: null,
      idempotencyKey: null,
      draft: {
        ...context.draft,
        bookingId: null,
        bookingReferenceId: null,
        isBookingLogged: false,
      },
    })),
    clearForm: assign(({ context }) => ({
      draft: withProfile(createBookingDraft(), context.profile),
      errors: {},
      notice: null,
      quote: null,
      booking: null,
      paymentError: null,
      paymentNotice: null,
      promo: { code: '', message: null },
      idempotencyKey: null,
    })),
    newIdempotencyKey: assign({ idempotencyKey: () => randomKey() }),
    storeBooking: assign(({ context, event }) => {
      const booking = (event as unknown as { output: BookingResponse }).output;
      return {
        booking,
        notice: null,
        draft: {
          ...context.draft,
          bookingId: booking.bookingId,
          bookingReferenceId: booking.bookingReferenceId,
          bookingStatus: booking.status,
          isBookingLogged: true,
          // From here on the total is the server's amount (decision 1).
          bookingFee: booking.amount,
          paymentDetails: {
            ...context.draft.paymentDetails,
            amount: booking.amount,
            paymentIntentId: booking.payment.paymentIntentId,
          },
        },
      };
    }),
    storeSaveFailure: assign(({ event }) => {
      const failure = describeFailure((event as unknown as { error: unknown }).error);
      // The quote's own messages tell the customer what to do; anything else is the spec's text.
      const ownWords = ['quote_expired', 'quote_invalid', 'network'].includes(failure.code);
      return { notice: ownWords ? failure.message : text.payment.saveFailed };
    }),
    changePromo: assign(({ event }) =>
      event.type === 'promo.change' ? { promo: { code: event.code, message: null } } : {},
    ),
    // Decision 14: until promotions are specified, every code is refused.
    applyPromo: assign(({ context }) => ({
      promo: { code: context.promo.code, message: text.payment.promoInvalid },
    })),
    startPayment: assign({ paymentError: null, paymentNotice: null }),
    storePaymentFailure: assign(({ context, event }) => {
      const outcome = 'output' in event ? (event.output as PaymentOutcome) : null;
      const message = outcome
        ? paymentErrorMessage(outcome.error)
        : describeFailure((event as unknown as { error: unknown }).error).message;
      return {
        paymentError: message,
        paymentNotice: null,
        draft: {
          ...context.draft,
          bookingStatus: 'REJECTED' as const,
          paymentDetails: {
            ...context.draft.paymentDetails,
            error: { code: outcome?.error?.code ?? 'payment_failed', description: message },
          },
        },
      };
    }),
    markProcessing: assign({ paymentNotice: text.payment.processing, paymentError: null }),
    markSucceeded: assign(({ context }) => ({
      paymentError: null,
      paymentNotice: null,
      draft: { ...context.draft, bookingStatus: 'CONFIRMED' as const },
    })),
    announceCompleted: emit(({ context }) => ({
      type: 'completed' as const,
      booking: context.booking as BookingResponse,
    })),
  },
}).createMachine({
  id: 'booking',
  initial: 'start',
  context: ({ input }) => ({
    draft: input.restored
      ? withProfile(input.restored.draft, input.profile ?? null)
      : initialDraft(input),
    errors: {},
    quote: input.restored?.quote ?? null,
    notice: null,
    booking: input.restored?.booking ?? null,
    paymentError: null,
    paymentNotice: null,
    promo: { code: '', message: null },
    // A restored draft keeps its own choices; the element's prefill is for a fresh one.
    preferredVehicle: input.restored ? null : (input.prefill?.vehicle ?? null),
    profile: input.profile ?? null,
    partner: input.partner ?? null,
    idempotencyKey: input.restored?.idempotencyKey ?? null,
    now: input.now ?? (() => new Date()),
    rules: input.rules ?? null,
    horizonMonths: null,
  }),
  // The step rules arrive in the background while the customer fills in step 1.
  invoke: {
    id: 'rules',
    src: 'loadRules',
    onDone: { actions: 'storeRules' },
    // A failed load is retried when Next needs the rules (general.awaitingRules).
    onError: {},
  },
  on: {
    'profile.loaded': { actions: 'applyProfile' },
    'horizon.loaded': { actions: 'storeHorizon' },
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
        { guard: { type: 'restoredAt', params: { tab: 4 } }, target: 'payment' },
        { guard: { type: 'restoredAt', params: { tab: 3 } }, target: 'summary' },
        { guard: { type: 'restoredAt', params: { tab: 2 } }, target: 'passenger' },
        {
          guard: ({ context }) => restoredTab(context) > 0,
          target: 'vehicle',
          actions: 'keepSelection',
        },
        { target: 'general' },
      ],
    },
    general: {
      entry: [
        { type: 'setTab', params: { tab: 0 } },
        { type: 'announceStep', params: { tab: 0 } },
      ],
      initial: 'editing',
      on: {
        'place.edit': { actions: 'editPlace' },
        'place.choose': { actions: 'choosePlace' },
        'place.abandon': { actions: 'abandonPlace' },
        'stop.toggle': { actions: 'toggleStop' },
        'general.change': { actions: 'changeGeneral' },
        'byTheHour.toggle': [
          // Switching off re-prices the trip (spec §4 "By the Hour").
          { guard: 'requotesOnByTheHourOff', target: '.requoting', actions: 'toggleByTheHour' },
          { target: '.editing', actions: 'toggleByTheHour' },
        ],
        'hours.decrement': { guard: 'canDecrementHours', actions: 'decrementHours' },
        'hours.increment': { guard: 'canIncrementHours', actions: 'incrementHours' },
        'wizard.next': [
          { guard: 'rulesMissing', target: '.awaitingRules' },
          // Leaving step 1 asks the server for a quote.
          { guard: 'step1Valid', target: '.quoting', actions: 'clearErrors' },
          { actions: ['showStep1Errors', 'reportInvalid'] },
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
            onDone: { target: 'editing', actions: ['storeRules', 'retryNext'] },
            onError: {
              target: 'editing',
              actions: [
                'storeRulesFailure',
                'reportInvalid',
                { type: 'reportFailure', params: { tab: 0 } },
              ],
            },
          },
        },
        requoting: {
          invoke: {
            id: 'requote',
            src: 'fetchQuote',
            input: ({ context }) => ({ request: draftToQuoteRequest(context.draft) }),
            onDone: { target: 'editing', actions: ['storeQuote', 'announceQuote'] },
            onError: {
              target: 'editing',
              actions: ['storeQuoteFailure', { type: 'reportFailure', params: { tab: 0 } }],
            },
          },
        },
        quoting: {
          on: {
            // The quote in flight is for the trip as it was; wait for it.
            'wizard.next': {},
          },
          invoke: {
            id: 'quote',
            src: 'fetchQuote',
            input: ({ context }) => ({ request: draftToQuoteRequest(context.draft) }),
            onDone: { target: '#booking.vehicle', actions: ['storeQuote', 'announceQuote'] },
            onError: {
              target: 'editing',
              actions: [
                'storeQuoteFailure',
                'reportInvalid',
                { type: 'reportFailure', params: { tab: 0 } },
              ],
            },
          },
        },
      },
    },
    vehicle: {
      // Opening the vehicle step clears fee and selection (spec §4 "Vehicle step").
      entry: [
        { type: 'setTab', params: { tab: 1 } },
        'clearSelection',
        'selectPreferredVehicle',
        { type: 'announceStep', params: { tab: 1 } },
      ],
      on: {
        'vehicle.select': { guard: 'canSelectVehicle', actions: 'selectVehicle' },
        'wizard.next': [
          { guard: 'step2Valid', target: 'passenger', actions: 'clearErrors' },
          { actions: ['showStep2Errors', 'reportInvalid'] },
        ],
        'wizard.previous': { target: 'general', actions: 'clearErrors' },
      },
    },
    passenger: {
      entry: [
        { type: 'setTab', params: { tab: 2 } },
        { type: 'announceStep', params: { tab: 2 } },
      ],
      on: {
        'contact.change': { actions: 'changeContact' },
        'onBehalf.toggle': { actions: 'toggleOnBehalf' },
        'wizard.next': [
          { guard: 'step3Valid', target: 'summary', actions: 'clearErrors' },
          { actions: ['showStep3Errors', 'reportInvalid'] },
        ],
        'wizard.previous': { target: 'vehicle', actions: 'clearErrors' },
      },
    },
    summary: {
      entry: [
        { type: 'setTab', params: { tab: 3 } },
        { type: 'announceStep', params: { tab: 3 } },
      ],
      on: {
        'wizard.next': { target: 'payment', actions: 'newIdempotencyKey' },
        'wizard.previous': { target: 'passenger' },
      },
    },
    payment: {
      entry: [
        { type: 'setTab', params: { tab: 4 } },
        { type: 'announceStep', params: { tab: 4 } },
      ],
      initial: 'saving',
      on: {
        'wizard.previous': { guard: 'notSaved', target: 'summary', actions: 'clearErrors' },
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
            onDone: { target: 'ready', actions: 'storeBooking' },
            onError: {
              target: 'saveFailed',
              actions: ['storeSaveFailure', { type: 'reportFailure', params: { tab: 4 } }],
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
            input: ({ context }) => ({ booking: context.booking as BookingResponse }),
            onDone: [
              { guard: 'paymentSucceeded', target: 'succeeded' },
              { guard: 'paymentProcessing', target: 'processing' },
              { target: 'ready' },
            ],
            onError: [
              { guard: 'bookingGone', target: '#booking.summary', actions: 'forgetBooking' },
              // Could not ask (offline): the form is there, and paying tells the outcome.
              { target: 'ready' },
            ],
          },
        },
        ready: {
          on: {
            'promo.change': { actions: 'changePromo' },
            'promo.apply': { actions: 'applyPromo' },
            'payment.submit': { target: 'paying', actions: 'startPayment' },
          },
        },
        paying: {
          invoke: {
            id: 'pay',
            src: 'confirmPayment',
            input: ({ context, event }) => ({
              booking: context.booking as BookingResponse,
              method: (event as Extract<BookingEvent, { type: 'payment.submit' }>).method,
            }),
            onDone: [
              { guard: 'paymentSucceeded', target: 'succeeded' },
              { guard: 'paymentPending', target: 'processing' },
              {
                target: 'ready',
                actions: ['storePaymentFailure', { type: 'reportFailure', params: { tab: 4 } }],
              },
            ],
            onError: {
              target: 'ready',
              actions: ['storePaymentFailure', { type: 'reportFailure', params: { tab: 4 } }],
            },
          },
        },
        // Spec §8 "paymentIntent not succeeded": "Payment processing." while the server decides.
        processing: {
          entry: 'markProcessing',
          invoke: {
            id: 'watch',
            src: 'watchPayment',
            input: ({ context }) => ({ booking: context.booking as BookingResponse }),
            onDone: [
              { guard: 'paymentSucceeded', target: 'succeeded' },
              // Still undecided after watching a while: the notice stays, and the confirmation
              // email (or /manage-booking) tells the outcome.
              { guard: 'paymentPending', target: 'undecided' },
              {
                target: 'ready',
                actions: ['storePaymentFailure', { type: 'reportFailure', params: { tab: 4 } }],
              },
            ],
            onError: {
              target: 'ready',
              actions: ['storePaymentFailure', { type: 'reportFailure', params: { tab: 4 } }],
            },
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
