// The API as the rest of the widget sees it: an interface and its error, free of Zod, so the
// step-1 code can hold a reference to the API before the client chunk has arrived.
import type {
  BookingRequest,
  BookingResponse,
  FieldErrors,
  PaymentStatusResponse,
  PlaceSuggestion,
  QuoteRequest,
  QuoteResponse,
  SandboxCard,
} from '@business-chauffeur/booking-contract';
import type { Profile, WidgetConfigResponse } from '@business-chauffeur/booking-contract/widget';

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly fields?: FieldErrors,
    /** The business's phone, on an `origin_not_allowed` refusal (the way out it shows). */
    readonly supportPhone?: string,
  ) {
    super(message);
  }
}

export interface BookingApi {
  readonly apiBase: string;
  searchPlaces(
    query: string,
    sessionToken: string,
    signal?: AbortSignal,
  ): Promise<PlaceSuggestion[]>;
  quote(request: QuoteRequest, signal?: AbortSignal): Promise<QuoteResponse>;
  createBooking(
    request: BookingRequest,
    idempotencyKey: string,
    signal?: AbortSignal,
  ): Promise<BookingResponse>;
  confirmSandboxPayment(
    booking: BookingResponse,
    card: SandboxCard,
    signal?: AbortSignal,
  ): Promise<PaymentStatusResponse>;
  /** Applies a promo code: the booking re-priced, or an ApiError `promo_invalid`. */
  applyPromo(
    booking: BookingResponse,
    code: string,
    signal?: AbortSignal,
  ): Promise<BookingResponse>;
  /** The server's view of the booking's payment (CONFIRMED only once it verified the payment). */
  paymentStatus(booking: BookingResponse, signal?: AbortSignal): Promise<PaymentStatusResponse>;
  /** Keeps the customer's agreement to the policies; answers the payment's status. */
  acceptTerms(booking: BookingResponse, signal?: AbortSignal): Promise<PaymentStatusResponse>;
  /** The signed-in customer; null for guests and on partner sites (no cookies cross-origin). */
  me(signal?: AbortSignal): Promise<Profile | null>;
  /** `answer`: the site's answer to GET /api/widget-config when it was asked already (mayBook). */
  config(signal?: AbortSignal, answer?: Promise<Response>): Promise<WidgetConfigResponse>;
  /**
   * Asks the site for the widget's config and says whether it answered that this page may book,
   * without waiting for the code that reads the answer; the next config() call reads it.
   */
  mayBook?(signal?: AbortSignal): Promise<boolean>;
}
