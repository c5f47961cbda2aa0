import { useId } from 'react';
import type { Card } from '@casino/studio-engine/types';

/** Card and chip art, drawn in SVG (no image files). */

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
/** Spades, hearts, diamonds, clubs (types.ts: suit = floor(card / 13)). */
const SUITS = ['♠', '♥', '♦', '♣'];
/** A style, not an attribute: SVG presentation attributes take no `var()`. */
const CARD_FONT = { fontFamily: "Georgia, 'Times New Roman', var(--st-font, serif)" };
const SUIT_NAMES = ['spades', 'hearts', 'diamonds', 'clubs'];

export function cardName(card: Card): { rank: string; suit: string; suitName: string; red: boolean } {
  const suit = Math.floor(card / 13);
  return {
    rank: RANKS[card % 13]!,
    suit: SUITS[suit]!,
    suitName: SUIT_NAMES[suit]!,
    red: suit === 1 || suit === 2,
  };
}

/** Pip positions (x, y in a 60 x 84 card) for two..ten, as on a real deck. */
const PIPS: Record<number, [number, number][]> = {
  2: [
    [30, 22],
    [30, 62],
  ],
  3: [
    [30, 22],
    [30, 42],
    [30, 62],
  ],
  4: [
    [20, 22],
    [40, 22],
    [20, 62],
    [40, 62],
  ],
  5: [
    [20, 22],
    [40, 22],
    [30, 42],
    [20, 62],
    [40, 62],
  ],
  6: [
    [20, 22],
    [40, 22],
    [20, 42],
    [40, 42],
    [20, 62],
    [40, 62],
  ],
  7: [
    [20, 22],
    [40, 22],
    [30, 32],
    [20, 42],
    [40, 42],
    [20, 62],
    [40, 62],
  ],
  8: [
    [20, 22],
    [40, 22],
    [30, 32],
    [20, 42],
    [40, 42],
    [30, 52],
    [20, 62],
    [40, 62],
  ],
  9: [
    [20, 20],
    [40, 20],
    [20, 34],
    [40, 34],
    [30, 42],
    [20, 50],
    [40, 50],
    [20, 64],
    [40, 64],
  ],
  10: [
    [20, 20],
    [40, 20],
    [30, 28],
    [20, 35],
    [40, 35],
    [20, 49],
    [40, 49],
    [30, 56],
    [20, 64],
    [40, 64],
  ],
};

/** A card's corner: its rank over its suit (drawn again upside down in the opposite corner). */
function CornerIndex({ rank, suit }: { rank: string; suit: string }) {
  return (
    <>
      <text x="8" y="13" fontSize={rank === '10' ? 10 : 12}>
        {rank}
      </text>
      <text x="8" y="23" fontSize="9">
        {suit}
      </text>
    </>
  );
}

/** A card face (or its back when `card` is null), 60 x 84 units, scaled by CSS. */
export function PlayingCard({ card, label }: { card: Card | null; label?: string }) {
  const id = useId().replace(/:/g, '');
  if (card === null) return <CardBack />;
  const { rank, suit, red } = cardName(card);
  const color = red ? '#c8102e' : '#161616';
  const rankIndex = card % 13;
  const picture = rankIndex >= 10;
  return (
    <svg className="bc-card-svg" viewBox="0 0 60 84" role="img" aria-label={label}>
      <defs>
        <linearGradient id={`${id}f`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="1" stopColor="#ece8df" />
        </linearGradient>
      </defs>
      <rect x="0.5" y="0.5" width="59" height="83" rx="5" fill={`url(#${id}f)`} stroke="#b9b2a2" />
      {/* A serif for the ranks; the shipped fonts draw the suits a system serif may lack. */}
      <g fill={color} style={CARD_FONT} fontWeight="700" textAnchor="middle">
        <CornerIndex rank={rank} suit={suit} />
        <g transform="rotate(180 30 42)">
          <CornerIndex rank={rank} suit={suit} />
        </g>
        {picture ? (
          <g>
            <rect
              x="14"
              y="14"
              width="32"
              height="56"
              rx="3"
              fill="none"
              stroke="#c9a24a"
              strokeWidth="1.5"
            />
            <rect x="16" y="16" width="28" height="52" rx="2" fill={red ? '#fbe9e9' : '#eef0f5'} />
            <path d="M20 30l4 3.5 6-8 6 8 4-3.5-2 8H22z" fill="#d4a93c" stroke="#8a6a1c" strokeWidth="0.6" />
            <text x="30" y="56" fontSize="18">
              {rank}
            </text>
            <text x="30" y="66" fontSize="9">
              {suit}
            </text>
          </g>
        ) : rankIndex === 0 ? (
          <text x="30" y="54" fontSize="30">
            {suit}
          </text>
        ) : (
          (PIPS[rankIndex + 1] ?? []).map(([x, y], i) => (
            <text
              key={i}
              x={x}
              y={y + 4}
              fontSize="12"
              transform={y > 44 ? `rotate(180 ${x} ${y})` : undefined}
            >
              {suit}
            </text>
          ))
        )}
      </g>
    </svg>
  );
}

export function CardBack() {
  const id = useId().replace(/:/g, '');
  return (
    <svg className="bc-card-svg" viewBox="0 0 60 84" aria-hidden="true">
      <defs>
        <pattern
          id={`${id}p`}
          width="6"
          height="6"
          patternUnits="userSpaceOnUse"
          patternTransform="rotate(45)"
        >
          <rect width="6" height="6" fill="#8e1420" />
          <rect width="3" height="6" fill="#a71d2b" />
        </pattern>
      </defs>
      <rect x="0.5" y="0.5" width="59" height="83" rx="5" fill="#f4efe4" stroke="#b9b2a2" />
      <rect
        x="4"
        y="4"
        width="52"
        height="76"
        rx="3"
        fill={`url(#${id}p)`}
        stroke="#d4a93c"
        strokeWidth="1.2"
      />
      <circle cx="30" cy="42" r="10" fill="#7a0f19" stroke="#d4a93c" strokeWidth="1.2" />
      <path d="M24 44l2.2 1.7L30 37l3.8 8.7 2.2-1.7-1 4.5H25z" fill="#d4a93c" />
    </svg>
  );
}

/** Chip colours by position in the table's chip list (smallest first). */
const CHIP_COLORS = ['#e6e6e6', '#d7263d', '#1b7f3b', '#1f5fbf', '#222222', '#7b2cbf', '#e28413', '#0f9d9a'];
const CHIP_TEXT = ['#1a1a1a', '#fff', '#fff', '#fff', '#f3d68a', '#fff', '#1a1a1a', '#fff'];

export function chipColor(chip: number, chips: readonly number[]): { fill: string; text: string } {
  const sorted = [...chips].sort((a, b) => a - b);
  const i = Math.max(0, sorted.indexOf(chip)) % CHIP_COLORS.length;
  return { fill: CHIP_COLORS[i]!, text: CHIP_TEXT[i]! };
}

/** A casino chip with its value (already formatted short, e.g. `1만` or `10K`). */
export function Chip({ fill, text, label }: { fill: string; text: string; label: string }) {
  return (
    <svg className="bc-chip-svg" viewBox="0 0 48 48" aria-hidden="true">
      <circle cx="24" cy="24" r="23" fill={fill} stroke="rgba(0,0,0,0.45)" strokeWidth="1" />
      <circle
        cx="24"
        cy="24"
        r="19.5"
        fill="none"
        stroke="#fff"
        strokeWidth="5"
        strokeDasharray="7.6 7.7"
        opacity="0.9"
      />
      <circle cx="24" cy="24" r="15" fill={fill} stroke="rgba(255,255,255,0.65)" strokeWidth="1.2" />
      <circle
        cx="24"
        cy="24"
        r="13"
        fill="none"
        stroke="rgba(0,0,0,0.25)"
        strokeWidth="0.8"
        strokeDasharray="2 2"
      />
      <text
        x="24"
        y="24"
        dy="0.36em"
        textAnchor="middle"
        fontSize={label.length > 3 ? 9.5 : 11.5}
        fontWeight="800"
        fill={text}
      >
        {label}
      </text>
    </svg>
  );
}
