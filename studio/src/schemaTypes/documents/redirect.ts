/**
 * Redirect: an old address that now sends visitors and search engines (301, moved permanently)
 * to a page of the site. Made by the Studio when a published page, service area or policy gets
 * a new address (studio/src/redirect-on-rename.ts); editors can add and remove them too. The site
 * follows a chain of redirects itself, so a visitor gets one redirect to where the chain ends
 * (docs/decisions/049-pages-by-address.md).
 */
import { TransferIcon } from '@sanity/icons/Transfer';
import { defineField, defineType } from 'sanity';
import {
  ADDRESSED_TYPES,
  documentPath,
  normalizePath,
  redirectFromProblem,
  redirectLoops,
  REDIRECT_TO_PATTERN,
  STUDIO_API_VERSION,
  type OtherRedirect,
} from '../../addresses';
import { publishedId } from '../fields';

interface RedirectValue {
  _id?: string;
  from?: string;
  to?: { _ref?: string };
  toPath?: string;
}

interface RedirectContent {
  /** Every other redirect, each with its target (a typed one, or its document's address). */
  redirects: { _id: string; from: string | null; toPath: string | null; to: DocumentRef | null }[];
  /** Every document's address. */
  documents: DocumentRef[];
  /** The document this redirect goes to, when it goes to one. */
  target: DocumentRef | null;
  /** A document that has the `from` address. */
  holder: (DocumentRef & { title: string | null }) | null;
  /** Another redirect from the same address. */
  twin: string | null;
}

interface DocumentRef {
  _type: string;
  route: string | null;
}

const REDIRECT_CONTENT = /* groq */ `{
  "redirects": *[_type == "redirect" && !sanity::versionOf($id)]{
    _id, from, toPath, "to": to->{_type, "route": route.current}
  },
  "documents": *[_type in $types && defined(route.current)]{_type, "route": route.current},
  "target": *[_id == $target][0]{_type, "route": route.current},
  "holder": *[_type in $types && defined(route.current) && lower("/" + route.current) == $from][0]{
    _type, "route": route.current, "title": coalesce(title, name)
  },
  "twin": *[_type == "redirect" && lower(from) == $from && !sanity::versionOf($id)][0]._id
}`;

const addressOf = (ref: DocumentRef | null) =>
  ref?.route ? documentPath(ref._type, ref.route) : null;

export const redirectType = defineType({
  name: 'redirect',
  title: 'Redirect',
  type: 'document',
  icon: TransferIcon,
  fields: [
    defineField({
      name: 'from',
      title: 'Old address',
      type: 'string',
      description:
        'The address that no longer has a page, starting with /, for example /wedding-cars. Matched in any letter case.',
      validation: (rule) => [
        rule.required(),
        rule.custom((from: string | undefined) =>
          from ? (redirectFromProblem(from) ?? true) : true,
        ),
      ],
    }),
    defineField({
      name: 'to',
      title: 'New page',
      type: 'reference',
      weak: true,
      to: ADDRESSED_TYPES.map((type) => ({ type })),
      description:
        'The page, service area or policy visitors are sent to, wherever its address is later.',
    }),
    defineField({
      name: 'toPath',
      title: 'Or an address on this site',
      type: 'string',
      description:
        'Instead of a page: a path on this site, for example /booking?vehicle=stretch-limousine.',
      validation: (rule) =>
        rule.custom((path: string | undefined) =>
          !path || REDIRECT_TO_PATTERN.test(path)
            ? true
            : 'Write a path on this site, starting with a single /.',
        ),
    }),
  ],
  validation: (rule) =>
    rule.custom(async (value: RedirectValue | undefined, context) => {
      const hasPage = Boolean(value?.to?._ref);
      const hasPath = Boolean(value?.toPath);
      if (hasPage === hasPath) return 'Choose the new page or type an address: one of the two.';
      const from = value?.from;
      if (!from || redirectFromProblem(from)) return true;
      const id = publishedId(value?._id ?? context.document?._id ?? '');
      const client = context
        .getClient({ apiVersion: STUDIO_API_VERSION })
        .withConfig({ perspective: 'raw' });
      const content = await client.fetch<RedirectContent>(REDIRECT_CONTENT, {
        id,
        types: [...ADDRESSED_TYPES],
        target: value?.to?._ref ?? '',
        from: normalizePath(from),
      });
      if (content.holder) {
        const path = addressOf(content.holder);
        return `"${content.holder.title ?? path}" is at ${path}: a redirect from its address would never be used. Give that page another address first.`;
      }
      if (content.twin) return `Another redirect already comes from ${from}.`;
      const target = hasPage ? addressOf(content.target) : (value?.toPath ?? null);
      if (!target) return 'The new page has no address yet: publish it with one first.';
      const others: OtherRedirect[] = content.redirects.flatMap((other) => {
        const otherTarget = other.toPath ?? addressOf(other.to);
        return other.from && otherTarget ? [{ from: other.from, target: otherTarget }] : [];
      });
      const documents = content.documents.flatMap((doc) => {
        const path = addressOf(doc);
        return path ? [path] : [];
      });
      return redirectLoops(from, target, others, documents)
        ? `This redirect would send visitors round in a circle back to ${from}. Point it at a page instead.`
        : true;
    }),
  preview: {
    select: { from: 'from', route: 'to.route.current', type: 'to._type', toPath: 'toPath' },
    prepare: ({
      from,
      route,
      type,
      toPath,
    }: {
      from?: string;
      route?: string;
      type?: string;
      toPath?: string;
    }) => ({
      title: from ?? 'New redirect',
      subtitle: `→ ${route && type ? documentPath(type, route) : (toPath ?? 'nowhere yet')}`,
    }),
  },
});
