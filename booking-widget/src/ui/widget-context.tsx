// What every step component reads: the running wizard actor, the API and the element's options.
import type { WidgetConfigResponse } from '@business-chauffeur/booking-contract/widget';
import { useSelector } from '@xstate/react';
import { createContext, useContext, useInsertionEffect } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { BookingApi } from '../api/api-types';
import type { BookingMachine } from '../machine/booking-machine';
import type { WidgetOptions } from '../options';

export type BookingActor = ActorRefFrom<BookingMachine>;
export type BookingSnapshot = SnapshotFrom<BookingMachine>;

export interface WidgetServices {
  actor: BookingActor;
  /** The element's shadow root, where the widget's styles live. */
  shadow: ShadowRoot;
  /** Adopts named CSS into the shadow root once (shadow-styles.ts, through the loader). */
  adoptStyles: (name: string, css: string) => void;
  api: BookingApi;
  options: WidgetOptions;
  /** Public values from the site (maps key, support phone); null until loaded or if unavailable. */
  config: WidgetConfigResponse | null;
}

export const WidgetContext = createContext<WidgetServices | null>(null);

export function useWidget(): WidgetServices {
  const services = useContext(WidgetContext);
  if (!services) throw new Error('useWidget must be used inside the booking widget');
  return services;
}

/** A narrow slice of the wizard's state; the component re-renders only when it changes. */
export function useBooking<T>(
  selector: (snapshot: BookingSnapshot) => T,
  compare?: (a: T, b: T) => boolean,
): T {
  return useSelector(useWidget().actor, selector, compare);
}

/**
 * Adds a later chunk's styles to the shadow root the first time one of its components renders, so
 * step 1 does not carry the styles of steps it does not show. Adopted as a constructable
 * stylesheet, which a partner's strict CSP allows (shadow-styles.ts).
 */
export function useShadowStyles(name: string, css: string): void {
  const { adoptStyles } = useWidget();
  useInsertionEffect(() => adoptStyles(name, css), [adoptStyles, name, css]);
}
