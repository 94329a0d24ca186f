// The line icons a benefit tile can show, drawn in the site's style; the CMS picks one by key
// (studio/src/schemaTypes/objects/benefit-tiles.ts lists the same keys). Each icon is a list of
// SVG shapes on a 48 × 48 grid: a path's outline, a circle (cx, cy, r) or a rounded rectangle
// (x, y, width, height, corner radius).
type Shape =
  | ['path', string]
  | ['circle', number, number, number]
  | ['rect', number, number, number, number, number];

const icons: Record<string, Shape[]> = {
  gps: [
    ['path', 'M24 42s-13-12.4-13-22a13 13 0 0 1 26 0c0 9.6-13 22-13 22z'],
    ['circle', 24, 20, 5],
  ],
  support: [
    ['path', 'M10 26v-4a14 14 0 0 1 28 0v4'],
    ['rect', 7, 25, 7, 11, 2],
    ['rect', 34, 25, 7, 11, 2],
    ['path', 'M38 36c0 4-4 6-10 6h-3'],
  ],
  events: [
    ['rect', 7, 10, 34, 30, 3],
    ['path', 'M7 18h34M15 6v8M33 6v8'],
    ['path', 'M24 23l2.4 4.8 5.3.8-3.8 3.7.9 5.2-4.8-2.5-4.8 2.5.9-5.2-3.8-3.7 5.3-.8z'],
  ],
  chauffeur: [
    ['circle', 24, 16, 7],
    ['path', 'M10 41c1.5-8 7-12 14-12s12.5 4 14 12'],
    ['path', 'M15 12c2-5 16-5 18 0'],
    ['path', 'M21 29l3 5 3-5'],
  ],
  clock: [
    ['circle', 24, 24, 16],
    ['path', 'M24 14v10l7 5'],
  ],
  shield: [
    ['path', 'M24 6l15 6v10c0 9.5-6.5 16.5-15 20-8.5-3.5-15-10.5-15-20V12z'],
    ['path', 'M17 24l5 5 9-10'],
  ],
  car: [
    ['path', 'M6 30v-5l4-9c1-2 2.5-3 4.5-3h19c2 0 3.5 1 4.5 3l4 9v5'],
    ['path', 'M4 30h40v6H4z'],
    ['circle', 13, 36, 4],
    ['circle', 35, 36, 4],
    ['path', 'M10 24h28'],
  ],
  star: [
    ['path', 'M24 6l5.6 11.3 12.4 1.8-9 8.8 2.1 12.4L24 34.4l-11.1 5.9 2.1-12.4-9-8.8 12.4-1.8z'],
  ],
};

function ShapeElement({ shape }: { shape: Shape }) {
  switch (shape[0]) {
    case 'path':
      return <path d={shape[1]} />;
    case 'circle':
      return <circle cx={shape[1]} cy={shape[2]} r={shape[3]} />;
    case 'rect':
      return <rect x={shape[1]} y={shape[2]} width={shape[3]} height={shape[4]} rx={shape[5]} />;
  }
}

export function BenefitIcon({ name }: { name: string | null }) {
  const shapes = (name && icons[name]) || icons.star || [];
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
      {shapes.map((shape, index) => (
        <ShapeElement key={index} shape={shape} />
      ))}
    </svg>
  );
}
