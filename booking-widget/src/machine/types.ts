// The booking machine's types: its input, context, events (the customer's and the page's), what it
// emits, and the inputs and outputs of the actors the edge provides (api/actors.ts).
import type {
  BookingRequest,
  BookingResponse,
  ChildSeatKind,
  FieldErrors,
  PaymentError,
  Place,
  QuoteRequest,
  QuoteResponse,
  SandboxCard,
} from '@business-chauffeur/booking-contract';
import type {
  BookingDraft,
  DraftContact,
  Profile,
  WizardTab,
} from '@business-chauffeur/booking-contract/widget';
import type { BookingRules } from './step-rules';

export type PlaceField = 'pickup' | 'drop' | 'stops.0' | 'stops.1' | 'stops.2' | 'stops.3';
/** Step 1's plain fields, named as their error paths. */
export type GeneralField = 'date' | 'time' | 'notes' | 'flightNumber' | CountField;
/** The step-1 counts: what is typed is kept as a number (empty is 0). */
export type CountField = 'passengers' | 'suitcases' | 'smallBags';
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
 * What survives a reload: the step the customer was on, the entered values, the last quote, and
 * once the booking is saved, the booking (its id, reference and payment's client secret) and the
 * save's idempotency key. Never card data: the card form's fields live only in its component.
 */
export interface RestoredDraft {
  step: WizardTab;
  draft: BookingDraft;
  quote: QuoteResponse | null;
  booking: BookingResponse | null;
  idempotencyKey: string | null;
}

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
  /**
   * The promo code field: what is typed, and why it was refused (null when it was not). The code
   * applied is the saved booking's `promoCode`.
   */
  promo: { code: string; message: string | null };
  /** The payment step's "I agree to the Terms and conditions and the Cancellation policy". */
  termsAccepted: boolean;
  /** A vehicle slug to select when the vehicle step first opens (fleet "Book Now" links). */
  preferredVehicle: string | null;
  profile: Profile | null;
  partner: string | null;
  /** One per trip to the payment step, so a double submission saves one booking. */
  idempotencyKey: string | null;
  /** The step a restored draft opens on (0 for a fresh wizard); read once, by the start state. */
  resumeStep: WizardTab;
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
  /** From the summary, back to the step that holds a part of it (0 trip, 1 vehicle, 2 people). */
  | { type: 'wizard.edit'; step: 0 | 1 | 2 }
  | { type: 'place.edit'; field: PlaceField; text: string }
  | { type: 'place.choose'; field: PlaceField; place: Place }
  | { type: 'place.abandon'; field: PlaceField }
  /** The Address details typed under a chosen place. */
  | { type: 'place.details'; field: PlaceField; details: string }
  | { type: 'stop.toggle'; index: number; enabled: boolean }
  | { type: 'general.change'; field: GeneralField; value: string }
  | { type: 'byTheHour.toggle'; enabled: boolean }
  | { type: 'hours.decrement' }
  | { type: 'hours.increment' }
  /** A count of one kind of child seat, as typed ("" counts as 0). */
  | { type: 'childSeats.change'; kind: ChildSeatKind; value: string }
  | { type: 'trailer.toggle'; enabled: boolean }
  | { type: 'vehicle.select'; vehicleId: string }
  | { type: 'contact.change'; role: ContactRole; field: keyof DraftContact; value: string }
  | { type: 'onBehalf.toggle'; enabled: boolean }
  | { type: 'promo.change'; code: string }
  | { type: 'terms.toggle'; accepted: boolean }
  | { type: 'promo.apply' }
  | { type: 'payment.submit'; method: PaymentMethodInput }
  | { type: 'payment.retrySave' }
  | { type: 'profile.loaded'; profile: Profile }
  | { type: 'horizon.loaded'; months: number }
  /** The site refused the page the widget is on: the message says where to book instead. */
  | { type: 'origin.refused'; message: string };

/** A failed call or payment as the outside hears of it. */
export interface Failure {
  code: string;
  message: string;
  fields?: FieldErrors;
}

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
export interface ApplyPromoInput {
  booking: BookingResponse;
  code: string;
}
