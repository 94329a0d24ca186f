/**
 * Fields the pricing documents share (the surcharges, the extras and the promo codes): amounts in
 * Australian dollars, the vehicle classes a rate applies to, and "no other document of this type
 * has the same value" for the keys the site looks documents up by.
 */
import { defineArrayMember, defineField, type NumberRule, type ValidationContext } from 'sanity';
import { vehicleClasses } from './documents/vehicle-type';

/** The values of the vehicle classes, as vehicle types' `type` field holds them. */
export const vehicleClassValues = vehicleClasses.map((vehicleClass) => vehicleClass.value);

/** A vehicle class's name as staff read it, for previews. */
export function vehicleClassTitle(value: string | undefined): string | undefined {
  return vehicleClasses.find((vehicleClass) => vehicleClass.value === value)?.title ?? value;
}

/**
 * An amount in AUD with at most two decimals: at least 0, or above 0 when `positive`. Required
 * unless `optional`; `when` makes it required only while the surrounding object (or document)
 * matches, for fields that apply to one mode of several.
 */
export function audField({
  name,
  title,
  description,
  positive = false,
  optional = false,
  when,
  hidden,
}: {
  name: string;
  title: string;
  description?: string;
  positive?: boolean;
  optional?: boolean;
  when?: (parent: Record<string, unknown>) => boolean;
  hidden?: (parent: Record<string, unknown>) => boolean;
}) {
  return defineField({
    name,
    title,
    type: 'number',
    ...(description ? { description } : {}),
    ...(hidden
      ? { hidden: ({ parent }) => hidden((parent ?? {}) as Record<string, unknown>) }
      : {}),
    validation: (rule: NumberRule) => {
      const bounded = (positive ? rule.greaterThan(0) : rule.min(0)).precision(2);
      if (optional) return bounded;
      if (!when) return bounded.required();
      return [bounded, rule.custom(requiredWhen(when))];
    },
  });
}

/** How a rate is given: a percentage, or an amount (fixed); the fields that follow depend on it. */
export function rateKindField({
  name,
  title,
  description,
  list,
}: {
  name: string;
  title: string;
  description?: string;
  list: { title: string; value: 'percentage' | 'fixed' }[];
}) {
  return defineField({
    name,
    title,
    type: 'string',
    ...(description ? { description } : {}),
    options: { list, layout: 'radio' },
    initialValue: 'percentage',
    validation: (rule) => rule.required(),
  });
}

/** Whether the rate-kind field `field` of a parent is set to `kind`: for `when` and `hidden`. */
export function rateKindIs(field: string, kind: 'percentage' | 'fixed') {
  return (parent: Record<string, unknown>) => parent[field] === kind;
}

/**
 * A percentage from `min` to 100, named "percentage": shown and required only while `when` holds
 * for its parent (the percentage mode or discount type is chosen).
 */
export function percentageField({
  title,
  description,
  min,
  when,
}: {
  title: string;
  description: string;
  min: number;
  when: (parent: Record<string, unknown>) => boolean;
}) {
  return defineField({
    name: 'percentage',
    title,
    type: 'number',
    description,
    hidden: ({ parent }) => !when((parent ?? {}) as Record<string, unknown>),
    validation: (rule) => [
      rule.min(min).max(100).precision(2),
      rule.custom(requiredWhen(when, `Enter the percentage, from ${min} to 100.`)),
    ],
  });
}

/**
 * A custom validator: an error when the field is empty while `when` holds for its parent (the
 * object it sits in, or the document for a top-level field).
 */
export function requiredWhen(
  when: (parent: Record<string, unknown>) => boolean,
  message = 'Required.',
) {
  return (value: unknown, context: ValidationContext) => {
    const parent = (context.parent ?? context.document ?? {}) as Record<string, unknown>;
    const empty = value === undefined || value === null || (Array.isArray(value) && !value.length);
    return empty && when(parent) ? message : true;
  };
}

/** A list of vehicle classes, each at most once; at least one unless `optional`. */
export function vehicleClassesField({
  name = 'vehicleTypes',
  title = 'Vehicle types',
  description,
  optional = false,
}: {
  name?: string;
  title?: string;
  description: string;
  optional?: boolean;
}) {
  return defineField({
    name,
    title,
    type: 'array',
    description,
    of: [defineArrayMember({ type: 'string' })],
    options: { list: vehicleClasses },
    // The options list already refuses a value that is not a vehicle class.
    validation: (rule) => (optional ? rule.unique() : rule.unique().required().min(1)),
  });
}

/**
 * Refuses a value another published or draft document of `type` already has in `field`: the site
 * finds these documents by that value, so two would make it pick one at random.
 */
export function uniqueAmong(type: string, field: string, message: string) {
  return async (value: unknown, context: ValidationContext) => {
    if (value === undefined || value === null || value === '') return true;
    const id = (context.document?._id ?? '').replace(/^drafts\./, '');
    const client = context.getClient({ apiVersion: '2025-01-01' });
    const others = await client.fetch<number>(
      `count(*[_type == $type && ${field} == $value && !(_id in [$id, $draft])])`,
      { type, value, id, draft: `drafts.${id}` },
    );
    return others === 0 ? true : message;
  };
}
