/** What a tile without a picture shows: a card suit for live casino, reels for slot providers and games. */
export type TTileArtKind = 'casino' | 'slot';

const SUITS = [
  // spade, heart, diamond, club (24 px grid)
  'M12 2.5C9.2 6.3 4.5 9 4.5 13.1a3.9 3.9 0 006.4 3L9.4 21h5.2l-1.5-4.9a3.9 3.9 0 006.4-3c0-4.1-4.7-6.8-7.5-10.6z',
  'M12 20.5S4 15.4 4 9.8a4.3 4.3 0 018-2.2 4.3 4.3 0 018 2.2c0 5.6-8 10.7-8 10.7z',
  'M12 2.5l6.8 9.5-6.8 9.5L5.2 12z',
  'M12 3a3.4 3.4 0 00-3.2 4.6 3.4 3.4 0 101.6 6.1L9.4 21h5.2l-1-7.3a3.4 3.4 0 101.6-6.1A3.4 3.4 0 0012 3z',
];

/** A stable small number from a text, so one provider always gets the same colour and symbol. */
function hashOf(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

/**
 * What the art shows for a name: the initials of its first two words in Latin script (`Gold Rush`
 * reads GR), else its first character (a Korean, Japanese or Chinese name: `골드 러시` reads 골).
 */
export function monogramOf(name: string): string {
  const words = name
    .trim()
    .split(/[\s_-]+/u)
    .filter(Boolean);
  const first = [...(words[0] ?? '')];
  if (!/^[A-Za-z0-9]/.test(first[0] ?? '')) return first[0] ?? '';
  const second = [...(words[1] ?? '')][0];
  const letters = second && /[A-Za-z0-9]/.test(second) ? [first[0]!, second] : first.slice(0, 2);
  return letters.join('').toUpperCase();
}

/**
 * The portal's own picture for a tile whose `imgUrl` is empty or failed (apps/portal/README.md,
 * "Look": art is the project's own, nothing from other hosts): a dark ground tinted by the name, a large faint symbol,
 * a gold glow and the name's monogram. It fills its box at any aspect ratio.
 */
export function TileArt({ seed, label, kind }: { seed: string; label: string; kind: TTileArtKind }) {
  const hash = hashOf(seed);
  const hue = hash % 360;
  const id = `art-${hash.toString(36)}-${kind}`;
  return (
    <svg
      className="tile-art"
      viewBox="0 0 160 120"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={`${id}-ground`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={`hsl(${hue} 42% 24%)`} />
          <stop offset="1" stopColor="#0c0f16" />
        </linearGradient>
        <radialGradient id={`${id}-glow`} cx="0.82" cy="0.12" r="0.7">
          <stop offset="0" stopColor="rgba(242, 193, 78, 0.42)" />
          <stop offset="1" stopColor="rgba(242, 193, 78, 0)" />
        </radialGradient>
      </defs>
      <rect width="160" height="120" fill={`url(#${id}-ground)`} />
      <rect width="160" height="120" fill={`url(#${id}-glow)`} />
      {kind === 'casino' ? (
        <path
          d={SUITS[hash % SUITS.length]}
          transform="translate(86 14) scale(4.4) rotate(-12 12 12)"
          fill="rgba(255, 255, 255, 0.07)"
        />
      ) : (
        <g fill="none" stroke="rgba(255, 255, 255, 0.08)" strokeWidth="3">
          <rect x="12" y="26" width="40" height="68" rx="8" />
          <rect x="60" y="26" width="40" height="68" rx="8" />
          <rect x="108" y="26" width="40" height="68" rx="8" />
        </g>
      )}
      <circle
        cx="80"
        cy="60"
        r="29"
        fill="rgba(11, 13, 19, 0.55)"
        stroke="rgba(242, 193, 78, 0.55)"
        strokeWidth="1.5"
      />
      <text
        x="80"
        y="60"
        dy="0.35em"
        textAnchor="middle"
        fill="#ffd66e"
        fontSize="24"
        fontWeight="800"
        letterSpacing="0.5"
      >
        {monogramOf(label)}
      </text>
    </svg>
  );
}
