/**
 * Field builders the schema types share: the same heading, text, image, order and route-key fields
 * appear in many documents and objects, so each is written once here and called with what differs
 * (length limits, whether it is required, the editor's help text). Every builder returns a plain
 * `defineField` / `defineArrayMember` result, so the schema the Studio compiles is the same as if
 * the field were written out in place.
 */
import { defineArrayMember, defineField, type ImageRule } from 'sanity';

/**
 * The options of a pick list, written as `{ value: 'Title shown to editors' }` and listed in that
 * order, in the `{ title, value }` form Sanity's `options.list` takes.
 */
export function choices(titles: Record<string, string>) {
  return Object.entries(titles).map(([value, title]) => ({ title, value }));
}

/** Where a field sits in its document's tabs, and the help text shown under its title. */
interface Placement {
  group?: string;
  description?: string;
}

/** Only the keys that are set, so a builder never adds `description: undefined` and the like. */
function placed({ group, description }: Placement) {
  return { ...(group ? { group } : {}), ...(description ? { description } : {}) };
}

/** The "Content" and "SEO" tabs of the page-like documents (page, policy, service area). */
export const contentAndSeoGroups = [
  { name: 'content', title: 'Content', default: true },
  { name: 'seo', title: 'SEO' },
];

/** The page's own search-engine fields, in the SEO tab. */
export const seoField = defineField({ name: 'seo', title: 'SEO', type: 'seo', group: 'seo' });

/** The sort option "Order" (lowest first) for documents with an `order` field. */
export const orderAscending = {
  title: 'Order',
  name: 'orderAsc',
  by: [{ field: 'order', direction: 'asc' as const }],
};

/** A document's title: a required short string. */
export function titleField({ max, ...placement }: { max: number } & Placement) {
  return defineField({
    name: 'title',
    title: 'Title',
    type: 'string',
    ...placed(placement),
    validation: (rule) => rule.required().max(max),
  });
}

/** A block's heading; required unless `optional` (then the description says so). */
export function headingField({ max = 80, optional = false, description }: HeadingOptions = {}) {
  return defineField({
    name: 'heading',
    title: 'Heading',
    type: 'string',
    ...placed({ description }),
    validation: (rule) => (optional ? rule.max(max) : rule.required().max(max)),
  });
}

interface HeadingOptions {
  max?: number;
  optional?: boolean;
  description?: string;
}

/** A few lines of plain text with a length limit, named "text" unless said otherwise. */
export function textField({
  name = 'text',
  title = 'Text',
  rows,
  max,
  min,
  required = false,
  ...placement
}: TextOptions) {
  return defineField({
    name,
    title,
    type: 'text',
    rows,
    ...placed(placement),
    validation: (rule) => {
      const base = required ? rule.required() : rule;
      return (min === undefined ? base : base.min(min)).max(max);
    },
  });
}

interface TextOptions extends Placement {
  name?: string;
  title?: string;
  rows: number;
  max: number;
  min?: number;
  required?: boolean;
}

/** Rich text that must hold at least one block. */
export function richTextField({
  name,
  title,
  ...placement
}: { name: string; title: string } & Placement) {
  return defineField({
    name,
    title,
    type: 'portableText',
    ...placed(placement),
    validation: (rule) => rule.required().min(1),
  });
}

/** A position in a list, lowest first: a whole number from 0. */
export function orderField({ required = false, ...placement }: { required?: boolean } & Placement) {
  return defineField({
    name: 'order',
    title: 'Order',
    type: 'number',
    ...placed(placement),
    validation: (rule) => (required ? rule.required() : rule).integer().min(0),
  });
}

/** A slug made from the document's title, as links and anchors use it. */
export function slugFromTitleField({
  name = 'slug',
  title = 'Slug',
  ...placement
}: { name?: string; title?: string } & Placement) {
  return defineField({
    name,
    title,
    type: 'slug',
    ...placed(placement),
    options: { source: 'title', maxLength: 60 },
    validation: (rule) => rule.required(),
  });
}

/** A picture with its alternative text; `altMax: null` leaves the text without a length limit. */
export function imageWithAltField({
  name = 'image',
  required = false,
  altMax = 150,
  ...placement
}: { name?: string; required?: boolean; altMax?: number | null } & Placement) {
  return defineField({
    name,
    title: 'Image',
    type: 'image',
    ...placed(placement),
    options: { hotspot: true },
    ...(required ? { validation: (rule: ImageRule) => rule.required() } : {}),
    fields: [
      defineField({
        name: 'alt',
        title: 'Alternative text',
        type: 'string',
        description: 'What the picture shows, for people who cannot see it.',
        validation: (rule) => (altMax === null ? rule.required() : rule.required().max(altMax)),
      }),
    ],
  });
}

/**
 * Which page of the site a document is. Set once: it turns read-only after the first publish.
 * With `allowed`, only those keys are accepted and the description lists them after `lead`.
 */
export function routeKeyField({ lead, allowed }: { lead: string; allowed?: RouteOption[] }) {
  const keys = allowed?.map((route) => route.value).join(', ');
  return defineField({
    name: 'route',
    title: 'Route key',
    type: 'slug',
    group: 'content',
    description: allowed ? `${lead} One of: ${keys}.` : lead,
    validation: (rule) =>
      allowed
        ? [
            rule.required(),
            rule
              .custom((value: { current?: string } | undefined) =>
                !value?.current || allowed.some((route) => route.value === value.current)
                  ? true
                  : `Must be one of: ${keys}.`,
              )
              .error(),
          ]
        : rule.required(),
    readOnly: ({ document }) => Boolean(document?._createdAt && document?.route),
  });
}

interface RouteOption {
  title: string;
  value: string;
}

/** A link written as a path on this site or a full https/http/tel/mailto address. */
export function linkHrefField(description: string) {
  return defineField({
    name: 'href',
    title: 'Link',
    type: 'url',
    description,
    validation: (rule) =>
      rule.required().uri({ allowRelative: true, scheme: ['https', 'http', 'tel', 'mailto'] }),
  });
}

/** One or two call-to-action buttons; the description says which is highlighted. */
export function buttonsField({ description, min }: { description: string; min?: number }) {
  return defineField({
    name: 'actions',
    title: 'Buttons',
    type: 'array',
    description,
    of: [defineArrayMember({ type: 'callToAction' })],
    validation: (rule) => (min === undefined ? rule.max(2) : rule.required().min(min).max(2)),
  });
}

/** An object that groups required sub-fields and is always shown open. */
export function sectionField<Fields extends unknown[]>({
  name,
  title,
  fields,
  ...placement
}: { name: string; title: string; fields: Fields } & Placement) {
  return defineField({
    name,
    title,
    type: 'object',
    ...placed(placement),
    options: { collapsible: false },
    validation: (rule) => rule.required(),
    fields: fields as never,
  });
}

/** A point of a "Why choose us" style list: a required title and a short text. */
export function titledTextMember({ name, textRequired }: { name: string; textRequired: boolean }) {
  return defineArrayMember({
    name,
    title: 'Point',
    type: 'object',
    fields: [titleField({ max: 80 }), textField({ rows: 3, max: 400, required: textRequired })],
    preview: { select: { title: 'title', subtitle: 'text' } },
  });
}

/** A list of items between `min` and `max` long, all required. */
export function listField<Member>({
  name,
  title,
  of,
  min = 1,
  max,
  ...placement
}: {
  name: string;
  title: string;
  of: Member[];
  min?: number;
  max: number;
} & Placement) {
  return defineField({
    name,
    title,
    type: 'array',
    ...placed(placement),
    of: of as never,
    validation: (rule) => rule.required().min(min).max(max),
  });
}

/** A preview for blocks led by a heading (or title): that text, or `fallback` when empty. */
export function headingPreview(fallback: string, heading = 'heading') {
  return {
    select: { title: heading, subtitle: 'text' },
    prepare: ({ title, subtitle }: { title?: string; subtitle?: string }) => ({
      title: title ?? fallback,
      subtitle,
    }),
  };
}

/** A preview for list blocks: their heading (or `fallback`) and how many `noun` they hold. */
export function countPreview({
  heading = 'heading',
  list,
  fallback,
  noun,
}: {
  heading?: string;
  list: string;
  fallback: string;
  noun: string;
}) {
  return {
    select: { title: heading, items: list },
    prepare: ({ title, items }: { title?: string; items?: unknown[] }) => ({
      title: title ?? fallback,
      subtitle: `${items?.length ?? 0} ${noun}`,
    }),
  };
}

/** A preview for documents found by route key: their title and the path they are served at. */
export function routePreview(fallback: string, path: (route: string) => string = (r) => `/${r}`) {
  return {
    prepare: ({ title, route, media }: { title?: string; route?: string; media?: unknown }) => ({
      title: title ?? fallback,
      subtitle: route ? path(route) : 'No route key',
      ...(media === undefined ? {} : { media: media as never }),
    }),
  };
}
