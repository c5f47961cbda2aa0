import { useId } from 'react';

const SPADE = 'M0 -22C9 -11 24 -4 15 9C11 15 3 13 1.5 8L6 22H-6L-1.5 8C-3 13-11 15-15 9C-24-4-9-11 0-22Z';
const HEART = 'M0 19C-21 5-23-10-13-16C-7-19-2-15 0-11C2-15 7-19 13-16C23-10 21 5 0 19Z';
const DIAMOND = 'M0 -21L14 0L0 21L-14 0Z';
const SPARKLE = 'M0 -10L2.2 -2.2L10 0L2.2 2.2L0 10L-2.2 2.2L-10 0L-2.2 -2.2Z';

function Card({
  x,
  y,
  rotate,
  suit,
  color,
  rank,
  gradientId,
}: {
  x: number;
  y: number;
  rotate: number;
  suit: string;
  color: string;
  rank: string;
  gradientId: string;
}) {
  return (
    <g transform={`translate(${x} ${y}) rotate(${rotate})`}>
      <rect
        x="-70"
        y="-100"
        width="140"
        height="200"
        rx="14"
        fill={`url(#${gradientId})`}
        stroke="#e8c66d"
        strokeWidth="3"
      />
      <rect
        x="-60"
        y="-90"
        width="120"
        height="180"
        rx="9"
        fill="none"
        stroke="#e8c66d"
        strokeOpacity="0.45"
        strokeWidth="1.5"
      />
      <text x="-48" y="-58" fill={color} fontSize="30" fontWeight="800" fontFamily="Georgia, serif">
        {rank}
      </text>
      <path d={suit} fill={color} transform="translate(-46 -34) scale(0.55)" />
      <path d={suit} fill={color} transform="translate(0 14) scale(1.55)" />
    </g>
  );
}

function Chip({
  x,
  y,
  r,
  color,
  rotate = 0,
}: {
  x: number;
  y: number;
  r: number;
  color: string;
  rotate?: number;
}) {
  return (
    <g transform={`translate(${x} ${y}) rotate(${rotate})`}>
      <circle r={r} fill={color} />
      <circle
        r={r * 0.86}
        fill="none"
        stroke="#fff7e0"
        strokeWidth={r * 0.16}
        strokeDasharray={`${r * 0.42} ${r * 0.42}`}
      />
      <circle r={r * 0.6} fill={color} stroke="#fff7e0" strokeOpacity="0.7" strokeWidth="2" />
      <path d="M-10 4l5-12 5 7 5-7 5 12z" fill="#fff7e0" fillOpacity="0.85" transform={`scale(${r / 34})`} />
    </g>
  );
}

/**
 * The home banner's art, the portal's own: a crown over fanned cards, chips and coins in a
 * warm gold light. Purely decorative (the banner's text is HTML, translated).
 */
export function HeroArt() {
  const id = useId();
  const gold = `${id}-gold`;
  const glow = `${id}-glow`;
  const card = `${id}-card`;
  const coin = `${id}-coin`;
  return (
    <svg
      className="hero__art"
      viewBox="0 0 1200 480"
      preserveAspectRatio="xMaxYMid slice"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <radialGradient id={glow} cx="0.72" cy="0.45" r="0.75">
          <stop offset="0" stopColor="#5a3d0c" />
          <stop offset="0.45" stopColor="#22180a" />
          <stop offset="1" stopColor="#0c0e15" />
        </radialGradient>
        <linearGradient id={gold} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fff0b8" />
          <stop offset="0.5" stopColor="#f2c14e" />
          <stop offset="1" stopColor="#a8711a" />
        </linearGradient>
        <linearGradient id={card} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fffdf6" />
          <stop offset="1" stopColor="#efe4c8" />
        </linearGradient>
        <radialGradient id={coin} cx="0.35" cy="0.35" r="0.8">
          <stop offset="0" stopColor="#fff3c4" />
          <stop offset="0.55" stopColor="#f0b93a" />
          <stop offset="1" stopColor="#9a6414" />
        </radialGradient>
      </defs>
      <rect width="1200" height="480" fill={`url(#${glow})`} />
      <g opacity="0.16" fill="#f2c14e">
        {[-64, -40, -18, 4, 26, 48, 70].map((angle) => (
          <path key={angle} d="M0 0L-26 -640L26 -640Z" transform={`translate(860 250) rotate(${angle})`} />
        ))}
      </g>
      <g fill="none" stroke="#f2c14e" strokeOpacity="0.18">
        <circle cx="860" cy="250" r="170" strokeWidth="2" />
        <circle cx="860" cy="250" r="220" strokeWidth="1" strokeDasharray="4 10" />
      </g>
      <Card x={770} y={290} rotate={-18} suit={DIAMOND} color="#c81e3a" rank="K" gradientId={card} />
      <Card x={950} y={290} rotate={16} suit={HEART} color="#c81e3a" rank="Q" gradientId={card} />
      <Card x={860} y={270} rotate={0} suit={SPADE} color="#141821" rank="A" gradientId={card} />
      <g transform="translate(860 118) scale(2.6)">
        <path
          d="M-28 6l13 10 15-22 15 22 13-10-6 26h-44z"
          fill={`url(#${gold})`}
          stroke="#7a5212"
          strokeWidth="1.2"
        />
        <circle cx="-28" cy="4" r="4" fill="#fff0b8" />
        <circle cx="0" cy="-9" r="4.4" fill="#fff0b8" />
        <circle cx="28" cy="4" r="4" fill="#fff0b8" />
        <rect x="-22" y="35" width="44" height="6" rx="3" fill={`url(#${gold})`} />
        <circle cx="0" cy="22" r="3.4" fill="#c81e3a" />
      </g>
      <Chip x={640} y={400} r={44} color="#b3202f" rotate={12} />
      <Chip x={1085} y={395} r={40} color="#1f5f4a" rotate={-20} />
      <Chip x={1110} y={150} r={28} color="#243b8a" rotate={30} />
      <g>
        {[
          [700, 440, 1],
          [735, 452, 0.9],
          [1010, 450, 1.1],
          [1150, 300, 0.8],
          [600, 180, 0.7],
        ].map(([x, y, s]) => (
          <g key={`${x}-${y}`} transform={`translate(${x} ${y}) scale(${s})`}>
            <ellipse rx="26" ry="9" cy="6" fill="#6b4510" />
            <ellipse rx="26" ry="9" fill={`url(#${coin})`} />
            <ellipse rx="16" ry="5" fill="none" stroke="#fff3c4" strokeOpacity="0.6" strokeWidth="1.5" />
          </g>
        ))}
      </g>
      <g className="hero__sparkles" fill="#fff0b8">
        {[
          [690, 110, 1.4],
          [1040, 90, 1],
          [1000, 200, 0.7],
          [720, 230, 0.8],
          [1130, 250, 1.2],
          [560, 300, 0.9],
        ].map(([x, y, s]) => (
          <path key={`${x}-${y}`} d={SPARKLE} transform={`translate(${x} ${y}) scale(${s})`} />
        ))}
      </g>
    </svg>
  );
}
