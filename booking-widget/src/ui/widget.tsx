// The widget's root: starts the wizard machine with the real API plugged in, forwards what the
// machine reports to the host page as DOM events, and loads what the page may prefill.
import { legacyDollars, type PlaceSuggestion } from '@business-chauffeur/booking-contract';
import {
  widgetMessages,
  type WidgetConfigResponse,
} from '@business-chauffeur/booking-contract/widget';
import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { createBookingActors } from '../api/actors';
import { ApiError } from '../api/api-types';
import { createLazyBookingApi } from '../api/lazy-api';
import { dispatchWidgetEvent } from '../events';
import { bookingMachine } from '../machine/booking-machine';
import {
  createDraftStore,
  draftKey,
  persistDraft,
  sessionStorageOrNull,
} from '../machine/draft-storage';
import type { PlaceField } from '../machine/types';
import type { WidgetOptions, WidgetStepName } from '../options';
import { whenEngaged } from './engagement';
import { Refusal } from './refusal';
import { newSessionToken } from './session-token';
import { WidgetContext } from './widget-context';
import { preloadLaterSteps, Wizard } from './wizard';

export const WIDGET_VERSION = '1.0.0';

interface WidgetProps {
  host: HTMLElement;
  shadow: ShadowRoot;
  options: WidgetOptions;
  adoptStyles: (name: string, css: string) => void;
}

export function Widget({ host, shadow, options, adoptStyles }: WidgetProps) {
  const api = useMemo(() => createLazyBookingApi(options.apiBase), [options.apiBase]);
  const machine = useMemo(
    () => bookingMachine.provide({ actors: createBookingActors(api) }),
    [api],
  );
  // The draft of this page and partner from before a reload, read once (draft-storage.ts).
  const store = useMemo(
    () =>
      createDraftStore(
        sessionStorageOrNull,
        draftKey(location.pathname, options.partner, { ...options.prefill }),
      ),
    [options.partner, options.prefill],
  );
  const [restored] = useState(() => store.load());
  const actor = useActorRef(machine, {
    input: { prefill: options.prefill, partner: options.partner, restored },
  });
  useEffect(() => persistDraft(actor, store), [actor, store]);
  const [config, setConfig] = useState<WidgetConfigResponse | null>(null);
  /** The site refused this page: the phone its refusal gave (the message is shown alone). */
  const [refusal, setRefusal] = useState<{ phone?: string } | null>(null);
  // On a page of another origin the site may refuse: its first call (the config) decides whether
  // the wizard is usable, before anything else is asked of the API or the page is told it is ready.
  const crossOrigin = useMemo(
    () => new URL(options.apiBase, location.href).origin !== location.origin,
    [options.apiBase],
  );

  // What the machine reports becomes the element's events (events.ts).
  useEffect(() => {
    const subscriptions = [
      actor.on('step', ({ index }) =>
        dispatchWidgetEvent(host, 'booking:step', {
          index,
          name: widgetMessages.steps[index] as WidgetStepName,
        }),
      ),
      actor.on('quote', ({ quote }) =>
        dispatchWidgetEvent(host, 'booking:quote', {
          distanceMeters: quote.distanceMeters,
          durationSeconds: quote.durationSeconds,
          currency: quote.currency,
          vehicles: quote.vehicles.map(({ id, slug, title, totalCents, canCarry }) => ({
            id,
            slug,
            title,
            totalCents,
            fare: totalCents === null ? null : legacyDollars(totalCents),
            canCarry,
          })),
        }),
      ),
      actor.on('completed', ({ booking }) =>
        dispatchWidgetEvent(host, 'booking:completed', {
          bookingReferenceId: booking.bookingReferenceId,
          bookingId: booking.bookingId,
          totalCents: booking.totalCents,
          amount: legacyDollars(booking.totalCents),
          currency: booking.currency,
        }),
      ),
      actor.on('failure', ({ code, message, step }) =>
        dispatchWidgetEvent(host, 'booking:error', { code, message, step }),
      ),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, host]);

  // Prefill: public config, then the signed-in profile (site only) and places named by attributes.
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    let refused = false;
    let stopWaiting = () => {};
    const ready = () => dispatchWidgetEvent(host, 'booking:ready', { version: WIDGET_VERSION });
    // Each of these only adds convenience; the wizard works without them, so a failure leaves
    // the fields empty (or draws the route sketch instead of the map) rather than blocking.
    const prepare = () => {
      // Step 1 is on screen: fetch the next steps' code while the customer fills it in.
      preloadLaterSteps().catch(() => undefined);
      api
        .me(signal)
        .then((profile) => {
          if (profile) actor.send({ type: 'profile.loaded', profile });
        })
        .catch(() => undefined);
    };
    // A restored draft keeps the customer's places over the element's prefill.
    const places: [PlaceField, string][] = [];
    if (!restored) {
      if (options.prefill.pickup) places.push(['pickup', options.prefill.pickup]);
      if (options.prefill.drop) places.push(['drop', options.prefill.drop]);
    }
    const prefillPlaces = () => {
      for (const [field, query] of places) {
        api
          .searchPlaces(query, newSessionToken(), signal)
          .then((suggestions: PlaceSuggestion[]) => {
            const place = suggestions[0];
            if (place) actor.send({ type: 'place.choose', field, place });
          })
          .catch(() => undefined);
      }
    };
    const loadConfig = () =>
      api
        .config(signal)
        .then((loaded) => {
          setConfig(loaded);
          actor.send({ type: 'horizon.loaded', months: loaded.bookingHorizonMonths });
        })
        .catch((error: unknown) => {
          // A page the site does not serve says so at once, with nothing but the way out: the
          // page is told why (booking:error) and the API is asked nothing more.
          if (error instanceof ApiError && error.code === 'origin_not_allowed') {
            refused = true;
            setRefusal({ ...(error.supportPhone ? { phone: error.supportPhone } : {}) });
            actor.send({ type: 'origin.refused', message: error.message });
            dispatchWidgetEvent(host, 'booking:error', {
              code: error.code,
              message: error.message,
              step: 0,
            });
          }
        });
    const afterConfig = () => {
      if (refused || signal.aborted) return;
      ready();
      prepare();
      prefillPlaces();
    };
    if (crossOrigin && api.mayBook) {
      // Step 1 is usable once the site said yes (the config's values follow, as on the site's
      // own page); a refusal or a failure waits for the config's own reading. The client's code
      // is fetched only then, so a popup's first opening stays within its size budget.
      void api
        .mayBook(signal)
        .then((ok) => {
          const configured = loadConfig();
          return ok ? undefined : configured;
        })
        .then(afterConfig);
    } else if (crossOrigin) {
      void loadConfig().then(afterConfig);
    } else {
      // The site's own page is never refused: step 1 is usable at once. The rest brings the
      // client's code with Zod, so it waits for the customer's first touch, key or focus in the
      // wizard (docs/decisions/073), unless step 1 needs it now: places to look up, or a draft
      // the customer was filling in before a reload.
      ready();
      const rest = () => {
        void loadConfig();
        prepare();
      };
      if (places.length > 0) {
        rest();
        prefillPlaces();
      } else if (restored) rest();
      else stopWaiting = whenEngaged(shadow, rest);
    }
    return () => {
      stopWaiting();
      controller.abort();
    };
  }, [
    actor,
    api,
    crossOrigin,
    host,
    shadow,
    options.prefill.pickup,
    options.prefill.drop,
    restored,
  ]);

  const services = useMemo(
    () => ({ actor, shadow, adoptStyles, api, options, config }),
    [actor, shadow, adoptStyles, api, options, config],
  );

  if (refusal) return <Refusal site={new URL(api.apiBase).origin} phone={refusal.phone} />;
  return (
    <WidgetContext.Provider value={services}>
      <Wizard shadow={shadow} />
    </WidgetContext.Provider>
  );
}
