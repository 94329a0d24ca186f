// The small stand-alone pages the server answers with before Remix sees a request (a form that is
// too large, a form sent from another site): plain HTML with inline styling, never cached.
import type { Request, Response } from 'express';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);
}

export interface RefusalPage {
  status: number;
  /** The page's title and heading. */
  title: string;
  /** The explanation, as HTML (one or more paragraphs' inner text). */
  explanation: string;
  /** The text of the link back to the page the form is on. */
  linkText: string;
}

/** Sends `page` for `request`, with a link back to the page it was posted to. */
export function sendRefusal(request: Request, response: Response, page: RefusalPage): void {
  if (response.headersSent) return;
  const link = escapeHtml(request.path);
  response
    .status(page.status)
    .set('Cache-Control', 'private, no-store')
    .type('html')
    .send(
      `<!DOCTYPE html><html lang="en-AU"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${page.title} | Business Chauffeur</title></head>` +
        `<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5">` +
        `<h1>${page.title}</h1>` +
        `<p>${page.explanation}</p>` +
        `<p><a href="${link}">${page.linkText}</a></p></body></html>`,
    );
}
