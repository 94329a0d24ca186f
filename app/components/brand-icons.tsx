// Small inline SVG marks for social networks and card schemes: no image requests, no third-party
// hosts, and they take the text colour of their surroundings.
const socialNames: Record<string, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  x: 'X',
  youtube: 'YouTube',
};

export function socialLabel(platform: string): string {
  return socialNames[platform] ?? platform;
}

const socialPaths: Record<string, string> = {
  facebook:
    'M14 8.5V6.8c0-.8.2-1.3 1.4-1.3H17V2.6c-.3 0-1.3-.1-2.4-.1-2.4 0-4 1.4-4 4.1v1.9H8v3.2h2.6V22H14V11.7h2.6l.4-3.2z',
  instagram:
    'M12 7.3a4.7 4.7 0 1 0 0 9.4 4.7 4.7 0 0 0 0-9.4zm0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6zm6-7.9a1.1 1.1 0 1 1-2.2 0 1.1 1.1 0 0 1 2.2 0zM12 4c2.6 0 2.9 0 4 .1 2.6.1 3.8 1.4 3.9 3.9.1 1 .1 1.4.1 4s0 2.9-.1 4c-.1 2.5-1.3 3.8-3.9 3.9-1 .1-1.4.1-4 .1s-2.9 0-4-.1C5.4 19.8 4.2 18.6 4.1 16 4 15 4 14.6 4 12s0-2.9.1-4C4.2 5.4 5.4 4.2 8 4.1 9.1 4 9.4 4 12 4zm0-1.8c-2.7 0-3 0-4.1.1-3.6.2-5.6 2.2-5.8 5.8C2 9 2 9.3 2 12s0 3 .1 4.1c.2 3.6 2.2 5.6 5.8 5.8 1.1.1 1.4.1 4.1.1s3 0 4.1-.1c3.6-.2 5.6-2.2 5.8-5.8.1-1.1.1-1.4.1-4.1s0-3-.1-4.1c-.2-3.6-2.2-5.6-5.8-5.8C15 2.2 14.7 2.2 12 2.2z',
  linkedin:
    'M6.9 8.7H3.5V20h3.4V8.7zM5.2 3.2a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM20.5 13.8c0-3-1.6-5.4-4.5-5.4-1.4 0-2.4.8-2.9 1.6V8.7H9.8V20h3.4v-5.6c0-1.5.3-2.9 2.1-2.9s1.8 1.7 1.8 3V20h3.4v-6.2z',
  x: 'M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.3L5.3 21H2.2l7.2-8.3L2 3h6.4l4.4 5.8L17.8 3zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5z',
  youtube:
    'M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.3 5 12 5 12 5s-6.3 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.7 2 12 2 12s0 3.3.4 4.8a2.5 2.5 0 0 0 1.8 1.8C5.7 19 12 19 12 19s6.3 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.5.4-4.8.4-4.8s0-3.3-.4-4.8zM10 15V9l5.2 3L10 15z',
};

/** One single-colour mark drawn on a 24-unit grid, `size` pixels square, hidden from screen readers. */
export function Glyph({ path, size }: { path: string; size: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path fill="currentColor" d={path} />
    </svg>
  );
}

export function SocialIcon({ platform }: { platform: string }) {
  return <Glyph path={socialPaths[platform] ?? socialPaths.x ?? ''} size={22} />;
}

const paymentNames: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  applepay: 'Apple Pay',
  googlepay: 'Google Pay',
};

/** A neutral card-scheme badge: the scheme's name on a card shape, readable by screen readers. */
export function PaymentBadge({ method }: { method: string }) {
  const name = paymentNames[method] ?? method;
  const short: Record<string, string> = {
    visa: 'VISA',
    mastercard: 'mastercard',
    amex: 'AMEX',
    applepay: 'Apple Pay',
    googlepay: 'Google Pay',
  };
  return (
    <svg
      className="payment-badge"
      viewBox="0 0 64 40"
      width="56"
      height="35"
      role="img"
      aria-label={name}
    >
      <rect x="0.5" y="0.5" width="63" height="39" rx="6" fill="#fff" stroke="#c9c4b8" />
      {method === 'mastercard' ? (
        <g>
          <circle cx="26" cy="20" r="10" fill="#d9534f" />
          <circle cx="38" cy="20" r="10" fill="#e8a33d" fillOpacity="0.85" />
        </g>
      ) : (
        <text
          x="32"
          y="25"
          textAnchor="middle"
          fontFamily="Arial, Helvetica, sans-serif"
          fontWeight="700"
          fontSize={method === 'applepay' || method === 'googlepay' ? 10 : 14}
          fill="#0f1419"
        >
          {short[method] ?? name}
        </text>
      )}
    </svg>
  );
}
