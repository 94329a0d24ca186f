// The site's custom elements (app/elements/index.ts), for JSX.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

type CustomElementProps = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement>;

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- React's JSX types live in a namespace.
  namespace JSX {
    interface IntrinsicElements {
      'site-menus': CustomElementProps;
      'services-carousel': CustomElementProps;
    }
  }
}
