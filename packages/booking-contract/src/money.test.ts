// Money at the API's edge is an integer of cents with its currency
// (docs/decisions/068-money-as-cents-at-every-edge.md). The walk below reads every Zod schema the
// contract exports, so a dollar field added to any request or response fails here, and the one
// formatter writes cents as people read them.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contract from './index';
import { formatMoney, formatMoneyWithCode, MIN_CHARGE_CENTS } from './money';

/** A field that holds money by its name: an amount, a fare, a price, a total, a refund, a fee … */
const MONEY_NAME = /amount|fare|price|total|refund|gst|fee|cost|charge|balance|paid|commission/i;

type Schema = z.core.$ZodType;
const defOf = (schema: Schema) => schema._zod.def as unknown as Record<string, unknown>;

/** Every number field of a schema, by path, with whether it is a safe integer. */
function numberFields(schema: Schema, path: string, seen = new Set<Schema>()): [string, boolean][] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  switch (def.type) {
    case 'number':
      return [[path, def.format === 'safeint' || def.format === 'int32']];
    case 'object':
      return Object.entries(def.shape as Record<string, Schema>).flatMap(([key, field]) =>
        numberFields(field, path ? `${path}.${key}` : key, seen),
      );
    case 'array':
      return numberFields(def.element as Schema, `${path}[]`, seen);
    case 'union':
      return (def.options as Schema[]).flatMap((option) => numberFields(option, path, seen));
    case 'record':
      return numberFields(def.valueType as Schema, `${path}{}`, seen);
    case 'pipe':
      return [
        ...numberFields(def.in as Schema, path, seen),
        ...numberFields(def.out as Schema, path, seen),
      ];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return numberFields(def.innerType as Schema, path, seen);
    default:
      return [];
  }
}

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && '_zod' in value;

const exportedSchemas: [string, Schema][] = Object.entries(
  contract as Record<string, unknown>,
).flatMap(([name, value]) => (isSchema(value) ? [[name, value] as [string, Schema]] : []));

/** The money fields of every exported schema, as `schemaName.path`, and whether each is whole. */
const moneyFields = exportedSchemas.flatMap(([name, schema]) =>
  numberFields(schema, '')
    .filter(([path]) => MONEY_NAME.test(path.split('.').at(-1) ?? ''))
    .map(([path, whole]) => ({ field: `${name}.${path}`, whole })),
);

describe('money in the API schemas', () => {
  it('walks the schemas of every route', () => {
    const names = exportedSchemas.map(([name]) => name);
    for (const name of [
      'quoteResponseSchema',
      'bookingResponseSchema',
      'paymentStatusResponseSchema',
      'lookupResponseSchema',
    ]) {
      expect(names).toContain(name);
    }
    expect(moneyFields.map(({ field }) => field)).toContain('bookingResponseSchema.totalCents');
  });

  it('has no dollar amount: every money field is named in cents', () => {
    expect(moneyFields.filter(({ field }) => !/Cents(\[\])?$/.test(field))).toEqual([]);
  });

  it('holds every amount in cents as a whole number', () => {
    expect(moneyFields.filter(({ whole }) => !whole)).toEqual([]);
  });

  it('sends the currency beside every total', () => {
    for (const name of [
      'bookingResponseSchema',
      'paymentStatusResponseSchema',
      'bookingViewSchema',
    ]) {
      const shape = defOf((contract as Record<string, unknown>)[name] as Schema).shape as object;
      expect(Object.keys(shape)).toEqual(expect.arrayContaining(['totalCents', 'currency']));
    }
  });

  it('refuses a response with its total in dollars', () => {
    const response = {
      bookingId: 'bk_1',
      bookingReferenceId: 'MH3K9Q2A',
      status: 'DRAFT',
      currency: 'AUD',
      payment: { status: 'requires_payment_method', error: null },
    };
    expect(
      contract.paymentStatusResponseSchema.safeParse({ ...response, totalCents: 9550 }).success,
    ).toBe(true);
    expect(
      contract.paymentStatusResponseSchema.safeParse({ ...response, totalCents: 95.5 }).success,
    ).toBe(false);
    expect(
      contract.paymentStatusResponseSchema.safeParse({ ...response, amount: 95.5 }).success,
    ).toBe(false);
  });
});

describe('formatMoney', () => {
  it('writes cents as Australians read dollars', () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(9550)).toBe('$95.50');
    expect(formatMoney(123_450)).toBe('$1,234.50');
    expect(formatMoney(-1424)).toBe('-$14.24');
    expect(formatMoneyWithCode(14_235)).toBe('$142.35 AUD');
  });

  it('writes another currency with its code and its own minor unit', () => {
    // Intl keeps the code and the figure together with a no-break space.
    expect(formatMoney(1200, 'usd')).toBe('USD\u00a012.00');
    expect(formatMoney(1200, 'JPY')).toBe('JPY\u00a01,200');
    expect(formatMoneyWithCode(1200, 'usd')).toBe('USD\u00a012.00');
  });

  it('has one minimum charge, the provider’s 50 cents', () => {
    expect(MIN_CHARGE_CENTS).toBe(50);
  });
});
