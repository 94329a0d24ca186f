// The line icons a benefit tile can show, drawn in the site's style; the CMS picks one by key
// (studio/src/schemaTypes/objects/benefit-tiles.ts lists the same keys).
const paths: Record<string, React.ReactNode> = {
  gps: (
    <>
      <path d="M24 42s-13-12.4-13-22a13 13 0 0 1 26 0c0 9.6-13 22-13 22z" />
      <circle cx="24" cy="20" r="5" />
    </>
  ),
  support: (
    <>
      <path d="M10 26v-4a14 14 0 0 1 28 0v4" />
      <rect x="7" y="25" width="7" height="11" rx="2" />
      <rect x="34" y="25" width="7" height="11" rx="2" />
      <path d="M38 36c0 4-4 6-10 6h-3" />
    </>
  ),
  events: (
    <>
      <rect x="7" y="10" width="34" height="30" rx="3" />
      <path d="M7 18h34M15 6v8M33 6v8" />
      <path d="M24 23l2.4 4.8 5.3.8-3.8 3.7.9 5.2-4.8-2.5-4.8 2.5.9-5.2-3.8-3.7 5.3-.8z" />
    </>
  ),
  chauffeur: (
    <>
      <circle cx="24" cy="16" r="7" />
      <path d="M10 41c1.5-8 7-12 14-12s12.5 4 14 12" />
      <path d="M15 12c2-5 16-5 18 0" />
      <path d="M21 29l3 5 3-5" />
    </>
  ),
  clock: (
    <>
      <circle cx="24" cy="24" r="16" />
      <path d="M24 14v10l7 5" />
    </>
  ),
  shield: (
    <>
      <path d="M24 6l15 6v10c0 9.5-6.5 16.5-15 20-8.5-3.5-15-10.5-15-20V12z" />
      <path d="M17 24l5 5 9-10" />
    </>
  ),
  car: (
    <>
      <path d="M6 30v-5l4-9c1-2 2.5-3 4.5-3h19c2 0 3.5 1 4.5 3l4 9v5" />
      <path d="M4 30h40v6H4z" />
      <circle cx="13" cy="36" r="4" />
      <circle cx="35" cy="36" r="4" />
      <path d="M10 24h28" />
    </>
  ),
  star: (
    <path d="M24 6l5.6 11.3 12.4 1.8-9 8.8 2.1 12.4L24 34.4l-11.1 5.9 2.1-12.4-9-8.8 12.4-1.8z" />
  ),
};

export function BenefitIcon({ name }: { name: string | null }) {
  const shape = (name && paths[name]) ?? paths.star;
  return (
    <svg
      className="benefit-icon"
      viewBox="0 0 48 48"
      width="48"
      height="48"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {shape}
    </svg>
  );
}
