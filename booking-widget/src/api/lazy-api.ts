// The API for the step-1 code: the same interface as the client, whose module (with Zod and the
// response schemas) is fetched on first use, or earlier by preloadBookingApi once step 1 is on
// screen. This keeps the loader and step 1 within their size budget (docs/partners.md, "Files and
// size").
import { widgetMessages } from '@business-chauffeur/booking-contract';
import { ApiError, type BookingApi } from './api-types';
import type * as Client from './client';

type ClientModule = typeof Client;

let client: Promise<ClientModule> | undefined;

export function preloadBookingApi(): Promise<ClientModule> {
  client ??= import('./client');
  client.catch(() => {
    // A failed chunk load may succeed later (the network came back).
    client = undefined;
  });
  return client;
}

export function createLazyBookingApi(apiBase: string): BookingApi {
  let real: Promise<BookingApi> | undefined;
  const api = (): Promise<BookingApi> => {
    real ??= preloadBookingApi().then(
      (module) => module.createBookingApi(apiBase),
      () => {
        real = undefined;
        throw new ApiError('network', widgetMessages.networkError, 0);
      },
    );
    return real;
  };
  return {
    apiBase: apiBase.replace(/\/+$/, ''),
    searchPlaces: (...args) => api().then((client) => client.searchPlaces(...args)),
    quote: (...args) => api().then((client) => client.quote(...args)),
    createBooking: (...args) => api().then((client) => client.createBooking(...args)),
    confirmSandboxPayment: (...args) =>
      api().then((client) => client.confirmSandboxPayment(...args)),
    applyPromo: (...args) => api().then((client) => client.applyPromo(...args)),
    paymentStatus: (...args) => api().then((client) => client.paymentStatus(...args)),
    acceptTerms: (...args) => api().then((client) => client.acceptTerms(...args)),
    me: (...args) => api().then((client) => client.me(...args)),
    config: (...args) => api().then((client) => client.config(...args)),
  };
}
