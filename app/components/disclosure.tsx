// One collapsible section (an FAQ answer, a policy section). Built on <details>/<summary>: it opens
// and closes by mouse, Enter or Space with no script at all, its text is in the server's HTML (and
// found by the browser's find-in-page, which opens it), and assistive technology announces it as
// an expandable button with its state.
import type { ReactNode } from 'react';

interface Props {
  title: string;
  children: ReactNode;
  id?: string;
}

export function Disclosure({ title, children, id }: Props) {
  return (
    <details className="disclosure" id={id}>
      <summary className="disclosure__summary">
        <span className="disclosure__title">{title}</span>
        <svg
          className="disclosure__icon"
          viewBox="0 0 24 24"
          width="20"
          height="20"
          aria-hidden="true"
        >
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </summary>
      <div className="disclosure__panel">{children}</div>
    </details>
  );
}
