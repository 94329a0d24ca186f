// The API for the step-1 code: the same interface as the client, whose module (with Zod and the
// response schemas) is fetched on first use: on the site's pages when the customer first turns to
// the wizard (docs/decisions/073), on a partner's page once the site said the page may book. This
// keeps the loader and step 1 within their size budget (docs/partners.md, "Files and size").
import { widgetMessages } from '@business-chauffeur/booking-contract/widget';
import { ApiError, type BookingApi } from './api-types';
import type * as Client from './client';

type ClientModule = typeof Client;

let client: Promise<ClientModule> | undefined;

/** The client's module, fetched once (again after a failed fetch). */
function loadClientModule(): Promise<ClientModule> {
  client ??= import('./client');
  client.catch(() => {
    // A failed chunk load may succeed later (the network came back).
    client = undefined;
  });
  return client;
}

export function createLazyBookingApi(apiBase: string): BookingApi {
  const base = apiBase.replace(/\/+$/, '');
  let real: Promise<BookingApi> | undefined;
  /** The config request mayBook made, until config() reads its answer. */
  let configAnswer: Promise<Response> | undefined;
  const api = (): Promise<BookingApi> => {
    real ??= loadClientModule().then(
      (module) => module.createBookingApi(apiBase),
      () => {
        real = undefined;
        throw new ApiError('network', widgetMessages.networkError, 0);
      },
    );
    return real;
  };
  return {
    apiBase: base,
    searchPlaces: (...args) => api().then((client) => client.searchPlaces(...args)),
    quote: (...args) => api().then((client) => client.quote(...args)),
    createBooking: (...args) => api().then((client) => client.createBooking(...args)),
    confirmSandboxPayment: (...args) =>
      api().then((client) => client.confirmSandboxPayment(...args)),
    applyPromo: (...args) => api().then((client) => client.applyPromo(...args)),
    paymentStatus: (...args) => api().then((client) => client.paymentStatus(...args)),
    acceptTerms: (...args) => api().then((client) => client.acceptTerms(...args)),
    me: (...args) => api().then((client) => client.me(...args)),
    config: (signal) => {
      const answer = configAnswer;
      configAnswer = undefined;
      return api().then((client) => client.config(signal, answer));
    },
    // On a partner's page step 1 waits for the site to say the page may book. That is the
    // answer's status, read here without the client's chunk: Zod is most of it, and a popup's
    // first opening would weigh more than its budget (booking-widget/scripts/size.mjs). The
    // client reads the same answer's body, so the page asks the site once.
    mayBook: (signal) => {
      const answer = fetch(`${base}/api/widget-config`, {
        credentials: 'omit',
        headers: { Accept: 'application/json' },
        ...(signal ? { signal } : {}),
      });
      configAnswer = answer;
      return answer.then(
        (response) => response.ok,
        () => false,
      );
    },
  };
}
