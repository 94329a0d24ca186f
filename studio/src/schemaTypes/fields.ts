/**
 * Field builders the schema types share: the same heading, text, image, order and route-key fields
 * appear in many documents and objects, so each is written once here and called with what differs
 * (length limits, whether it is required, the editor's help text). Every builder returns a plain
 * `defineField` / `defineArrayMember` result, so the schema the Studio compiles is the same as if
 * the field were written out in place.
 */
import { defineArrayMember, defineField, type ImageRule } from 'sanity';
import { ADDRESS_MAX_LENGTH, documentPath } from '../../../app/content/content-routes';
import {
  ADDRESSED_TYPES,
  addressProblem,
  duplicateMessage,
  STUDIO_API_VERSION,
  type AddressHolder,
} from '../addresses';

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

/** What the Studio says of a picture with alternative text and nothing uploaded. */
export const IMAGE_WITHOUT_UPLOAD =
  'Upload the picture, or remove the image with its alternative text.';

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
    // Alternative text alone shows nothing on the site: a picture set at all needs its upload.
    validation: (rule: ImageRule) =>
      (required ? rule.required() : rule)
        .custom((value) => (value && !value.asset ? IMAGE_WITHOUT_UPLOAD : true))
        .error(),
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
 * The document's address on the site (its `route` slug): the editor's to set, checked as they
 * type (studio/src/addresses.ts): the pattern, the app's own pages, and one document per address
 * in any letter case. A redirect from the old address is made when a published address changes
 * (studio/src/redirect-on-rename.ts). `source` is the field a new address is made from.
 */
export function addressField({ source, example }: { source: string; example: string }) {
  return defineField({
    name: 'route',
    title: 'Address',
    type: 'slug',
    group: 'content',
    description: `The page's address on the site, for example ${example}: lower-case letters, digits and hyphens. Changing it after publishing keeps the old address working: visitors and search engines are sent on to the new one.`,
    options: {
      source,
      maxLength: ADDRESS_MAX_LENGTH,
      slugify: slugifyAddress,
      // Uniqueness is checked across pages, service areas and policies, with a message that
      // names the other document, by the validation below.
      isUnique: () => true,
    },
    validation: (rule) => [
      rule.required(),
      rule
        .custom(async (value: { current?: string } | undefined, context) => {
          const slug = value?.current;
          if (!slug) return true;
          const id = publishedId(context.document?._id ?? '');
          const client = context
            .getClient({ apiVersion: STUDIO_API_VERSION })
            .withConfig({ perspective: 'raw' });
          const found = await client.fetch<AddressLookup>(ADDRESS_LOOKUP, {
            id,
            slug: slug.toLowerCase(),
            types: [...ADDRESSED_TYPES],
          });
          const problem = addressProblem({
            type: context.document?._type ?? '',
            slug,
            publishedSlug: found.published,
          });
          if (problem) return problem;
          return found.holder ? duplicateMessage(slug, found.holder) : true;
        })
        .error(),
    ],
  });
}

interface AddressLookup {
  published: string | null;
  holder: AddressHolder | null;
}

/**
 * The published address of this document, and another document that has the address (its own
 * draft and release versions are the same document).
 */
const ADDRESS_LOOKUP = /* groq */ `{
  "published": *[_id == $id][0].route.current,
  "holder": *[_type in $types && lower(route.current) == $slug && !sanity::versionOf($id)][0]{
    _type,
    "title": coalesce(title, name)
  }
}`;

/** A document's published id: drafts and release versions share it after their prefix. */
export function publishedId(id: string): string {
  return id.replace(/^(drafts|versions\.[^.]+)\./, '');
}

/** "Weddings & Events in Byron Bay!" → "weddings-events-in-byron-bay". */
export function slugifyAddress(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, ADDRESS_MAX_LENGTH)
    .replace(/-+$/, '');
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

/** A preview for documents with an address: their title and the address they are served at. */
export function routePreview(fallback: string, type: string) {
  return {
    prepare: ({ title, route, media }: { title?: string; route?: string; media?: unknown }) => ({
      title: title ?? fallback,
      subtitle: route ? documentPath(type, route) : 'No address yet',
      ...(media === undefined ? {} : { media: media as never }),
    }),
  };
}
