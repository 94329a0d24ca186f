// The stored booking document's layout: its field names, placeholders and the legacy dollar
// amounts the client's other tools read. Only stored-booking.server.ts maps between it and the
// domain Booking of the contract (docs/decisions/024-domain-booking-and-stored-layout.md).
import type {
  BookingAlert,
  PaymentLink,
  BookingRefund,
  BookingStatus,
  BookingStatusChange,
  CancellationHandled,
  CancellationRequest,
  ConfirmationEmailState,
  FareAdjustment,
  FareLine,
  PaymentAttempt,
  PaymentProvider,
  PendingPrice,
  TermsAcceptance,
  Trip,
} from '@business-chauffeur/booking-contract';
import type { StaffIndex } from './booking-staff-index.server';

/** The trip as stored: a document written before extras has neither field. */
export type StoredTrip = Omit<Trip, 'childSeats' | 'trailer'> &
  Partial<Pick<Trip, 'childSeats' | 'trailer'>>;

export interface StoredLocation {
  pickupLocation: string;
  fromPlaceId: string;
  dropLocation: string;
  toPlaceId: string;
  fromLocationFlag: boolean;
  stopLocation: string;
  stopPlaceId: string;
  stopLocationFlag: boolean;
  stopLocation2: string;
  stopPlaceId2: string;
  stopLocationFlag2: boolean;
  stopLocation3: string;
  stopPlaceId3: string;
  stopLocationFlag3: boolean;
  stopLocation4: string;
  stopPlaceId4: string;
  stopLocationFlag4: boolean;
}

export interface StoredPerson {
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber: string;
  countryCode: string;
}

/** A payment attempt as stored: the amount in AUD rather than cents. */
export type StoredPaymentAttempt = Omit<PaymentAttempt, 'amountCents'> & { amount: number };

/** The "Booking" document as the collection holds it. Amounts are AUD with 2 decimals. */
export interface StoredBooking {
  id: string;
  bookingId: string;
  bookingReferenceId: string;
  bookingStatus: BookingStatus;
  bookingFee: number;
  isBookingLogged: boolean;
  selectedVehicleId: string;
  flagForDistanceCalculation: boolean;
  refundAmount: number | null;
  partnerId: string | null;
  /** The partner's commission rate when booked (Booking), written only on bookings that have it. */
  partnerCommissionBasisPoints?: number | null;
  userId: string | null;
  /**
   * The passenger's and booker's emails in lower case, for "My bookings" (Firestore matches
   * exactly). Derived on every write; documents written before it have none.
   */
  contactEmails?: string[];
  /** The booking's refunds (BookingRefund), written only once there is one. */
  refunds?: BookingRefund[];
  /** The calendar file's SEQUENCE after staff changes, written only once there is one. */
  calendarSequence?: number;
  /** A price change under way (PendingPrice, amounts in cents), written only while there is one. */
  pendingPrice?: PendingPrice;
  /** What staff must look at (BookingAlert, amounts in cents), written only once there is one. */
  alerts?: BookingAlert[];
  /** The payment links staff sent (PaymentLink, amounts in cents), written only once there is one. */
  paymentLinks?: PaymentLink[];
  /** The customer's agreement to the policies before paying, written once there is one. */
  termsAcceptance?: TermsAcceptance;
  /**
   * Staff changes that moved the fare after payment (FareAdjustment, amounts in cents), written
   * once staff changed the booking (empty when no change moved the fare); `quote.lines` and
   * `quote.fareCents` stay what was charged. A changed document without it was written before
   * adjustments were kept (see fareOf).
   */
  fareAdjustments?: FareAdjustment[];
  pageDisplay: { currentTab: number; nextTab: number; stepIndicator: number };
  location: StoredLocation;
  generalDetails: {
    bookingDate: string;
    bookingTime: string;
    passengersCount: number;
    expectedEndTime: string;
    byTheHourCheck: boolean;
    numberOfHours: number;
    creationDate: string;
    modifiedDate: string;
    specialInstructions: string;
  };
  distanceMatrix: {
    tollFees: number;
    changeFlag: boolean;
    distance: { text: string; value: number; unit: 'km' };
    duration: { text: string; value: number; unit: 'minutes' };
  };
  /** `type` holds the vehicle's slug; `vehicleType` its type (sedan, suv …), added later. */
  vehicleSelection: { id: string; type: string; name: string; vehicleType?: string };
  passengerDetails: StoredPerson & {
    onBehalfCheck: boolean;
    bookingPerson: StoredPerson | null;
  };
  paymentDetails: {
    amount: number;
    currency: 'AUD';
    /** 0 until paid, the provider's payment id once paid, -1 after a failed payment. */
    paymentRefId: string | number;
    /** 0 until a payment intent is created. */
    paymentIntentId: string | number;
    provider: PaymentProvider | null;
    clientSecretHash: string | null;
    error: { code: string; description: string; type?: string } | null;
  };
  quote: {
    quoteId: string;
    issuedAt: string;
    expiresAt: string;
    trip: StoredTrip;
    vehicleId: string;
    fare: number;
    fareCents: number;
    currency: 'AUD';
    distanceMeters: number;
    durationSeconds: number;
    legs: { distanceMeters: number; durationSeconds: number }[];
    /** The fare's lines in cents; a document written before them has none (read as one line). */
    lines?: FareLine[];
  };
  /** The promo code applied; a document written before promo codes has none. */
  promoCode?: string | null;
  paymentAttempts: StoredPaymentAttempt[];
  cancellationRequests: CancellationRequest[];
  /** When staff last marked the cancellation requests handled, written only once they have. */
  cancellationHandled?: CancellationHandled;
  confirmationEmail: ConfirmationEmailState;
  /**
   * What the staff views select and sum by, derived on every write (booking-staff-index.server.ts)
   * and never read back into the booking. Documents written before it have none until the SQLite
   * migration or `npm run reindex-bookings` (Firestore) fills it.
   */
  staffIndex?: StaffIndex;
  /** Added with the domain model; a document written before it has none (read as derived). */
  statusHistory?: BookingStatusChange[];
  idempotencyKey: string;
  requestFingerprint: string;
  createdAt: string;
  updatedAt: string;
}
