// A link whose address comes from the CMS: paths on this site navigate client-side, anything else
// (https:, tel:, mailto:) is a plain anchor.
import { Link } from '@remix-run/react';
import { cleanStega } from '~/utils/stega';

interface Props extends Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  href: string;
}

export function CmsLink({ href: address, children, ...rest }: Props) {
  // An address is never shown: in draft mode too it is the clean one (app/utils/stega.ts).
  const href = cleanStega(address);
  if (href.startsWith('/')) {
    return (
      <Link to={href} prefetch="intent" {...rest}>
        {children}
      </Link>
    );
  }
  const external = /^https?:/i.test(href);
  return (
    <a href={href} {...(external ? { rel: 'noopener noreferrer' } : {})} {...rest}>
      {children}
    </a>
  );
}
