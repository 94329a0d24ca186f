// The one page that may be framed by another site: a draft-mode page, by the Studio's
// Presentation tool (docs/decisions/052-visual-editing-in-draft-mode.md). The root loader names
// the Studio's origin in this response header; the server (server/remix-handler.ts) takes it off
// and puts that origin in the page's Content-Security-Policy `frame-ancestors`, which is 'none'
// for every other answer. Plain data with no imports: the server loads this file as it is.

export const FRAME_ANCESTORS_HEADER = 'x-bc-frame-ancestors';

/** The CSP with `frame-ancestors` allowing only the given origin (an https or http origin). */
export function withFrameAncestors(policy: string, origin: string): string {
  if (!/^https?:\/\/[^\s;/'"]+$/.test(origin)) return policy;
  return policy
    .split(';')
    .map((directive) =>
      directive.trim().startsWith('frame-ancestors') ? `frame-ancestors ${origin}` : directive,
    )
    .join(';');
}
