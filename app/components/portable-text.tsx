// Renders the CMS's rich text (the Studio's `portableText` type): paragraphs, h2/h3, lists, bold,
// italic and links. Links inside the site use client-side navigation; others open as usual.
import { Link } from '@remix-run/react';
import {
  PortableText as PortableTextRenderer,
  type PortableTextBlock,
  type PortableTextComponents,
} from '@portabletext/react';

const components: PortableTextComponents = {
  block: {
    h2: ({ children }) => <h2>{children}</h2>,
    h3: ({ children }) => <h3>{children}</h3>,
    normal: ({ children }) => <p>{children}</p>,
  },
  marks: {
    link: ({ value, children }) => {
      const href = typeof value?.href === 'string' ? value.href : '';
      if (href.startsWith('/')) {
        return (
          <Link to={href} prefetch="intent">
            {children}
          </Link>
        );
      }
      const external = /^https?:/i.test(href);
      return (
        <a href={href} {...(external ? { rel: 'noopener noreferrer' } : {})}>
          {children}
        </a>
      );
    },
  },
};

/** Rich text from the CMS; `value` is the array of blocks a GROQ query returned (or null). */
export function PortableText({ value }: { value: unknown[] | null | undefined }) {
  if (!value || value.length === 0) return null;
  return <PortableTextRenderer value={value as PortableTextBlock[]} components={components} />;
}
