// The code a partner's web developer pastes, one per way of showing the widget (docs/partners.md):
// inline in the page, a dialog opened by the page's own links or buttons, or a floating button.
// Shown with the partner's label filled in on its page at /staff/partners/<label>.

export type EmbedMode = 'inline' | 'popup' | 'floating';

export const EMBED_MODES: { mode: EmbedMode; title: string; hint: string }[] = [
  {
    mode: 'inline',
    title: 'In the page',
    hint: 'The booking form where the code is placed, as part of the page.',
  },
  {
    mode: 'popup',
    title: 'From the page’s own links',
    hint: 'Any link or button with data-chauffeur-booking opens the booking form in a dialog; data-pickup, data-vehicle and the other attributes prefill it.',
  },
  {
    mode: 'floating',
    title: 'Floating button',
    hint: 'A “Book a chauffeur” button in the bottom right corner of every page it is on opens the booking form in a dialog.',
  },
];

/** The snippet of one mode for the partner `label`, loading the widget from `site`. */
export function embedSnippet(mode: EmbedMode, label: string, site: string): string {
  const script = `<script type="module" src="${site}/widget/chauffeur-booking.js"></script>`;
  switch (mode) {
    case 'inline':
      return `${script}\n<chauffeur-booking partner="${label}"></chauffeur-booking>`;
    case 'popup':
      return `${script}\n<chauffeur-booking mode="popup" partner="${label}"></chauffeur-booking>\n<a href="${site}/booking" data-chauffeur-booking data-pickup="Brisbane Airport (BNE) Domestic">Book your airport transfer</a>`;
    case 'floating':
      return `${script}\n<chauffeur-booking mode="floating" partner="${label}" button-label="Book a chauffeur"></chauffeur-booking>`;
  }
}
