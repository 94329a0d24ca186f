// The element's attributes, read into the options the widget starts with. This module is part of
// the loader, so it imports nothing: the loader must stay a few kilobytes.

export type WidgetStepName =
  'General Details' | 'Vehicle Selection' | 'Passenger Details' | 'Summary' | 'Payment';

export type WidgetTheme = 'light' | 'dark';

export interface WidgetPrefill {
  /** Free text; the widget looks it up and takes the first matching place. */
  pickup: string | null;
  drop: string | null;
  /** YYYY-MM-DD (Queensland date). */
  date: string | null;
  passengers: number | null;
  /** A vehicle type's slug, as in the fleet's "Book Now" links (/booking?vehicle=<slug>). */
  vehicle: string | null;
}

export interface WidgetOptions {
  /** Origin (and optional path) of the Business Chauffeur site whose API the widget calls. */
  apiBase: string;
  /** The partner's id, stored on the booking. */
  partner: string | null;
  theme: WidgetTheme;
  prefill: WidgetPrefill;
}

/** Every attribute the element reads. */
export const WIDGET_ATTRIBUTES = [
  'api-base',
  'partner',
  'theme',
  'pickup',
  'drop',
  'date',
  'passengers',
  'vehicle',
] as const;

const text = (value: string | null, max = 200): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed.slice(0, max);
};

/** The API base: the attribute when it is an http(s) URL, else the origin the script came from. */
export function resolveApiBase(attribute: string | null, scriptUrl: string): string {
  const fallback = new URL(scriptUrl).origin;
  const value = text(attribute, 500);
  if (!value) return fallback;
  try {
    const url = new URL(value, scriptUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return fallback;
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  } catch {
    return fallback;
  }
}

export function readOptions(
  getAttribute: (name: (typeof WIDGET_ATTRIBUTES)[number]) => string | null,
  scriptUrl: string,
): WidgetOptions {
  const passengers = Number.parseInt(getAttribute('passengers') ?? '', 10);
  const date = text(getAttribute('date'), 10);
  const vehicle = text(getAttribute('vehicle'), 100);
  return {
    apiBase: resolveApiBase(getAttribute('api-base'), scriptUrl),
    partner: text(getAttribute('partner'), 100),
    theme: getAttribute('theme') === 'dark' ? 'dark' : 'light',
    prefill: {
      pickup: text(getAttribute('pickup')),
      drop: text(getAttribute('drop')),
      date: date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null,
      passengers: Number.isInteger(passengers) && passengers > 0 ? passengers : null,
      vehicle: vehicle && /^[a-z0-9-]+$/i.test(vehicle) ? vehicle.toLowerCase() : null,
    },
  };
}
