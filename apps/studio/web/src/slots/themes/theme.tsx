import type { ReactNode } from 'react';

/**
 * A slot game's look: its symbol art (one SVG sprite of `<symbol>`s, drawn once per page and used by
 * every cell, so a spinning reel is a few `<use>` elements rather than copies of the art), its
 * scenery behind the reels and the colours of its frame and paylines (CSS custom properties in
 * slots.css, keyed by `key`).
 */
export interface SlotTheme {
  /** The CSS modifier (`slot--<key>`) that styles the frame, reels and controls. */
  key: string;
  /** The sprite's id prefix: symbol `H1` is `#<prefix>-H1`. */
  prefix: string;
  /** The `<svg>` sprite: gradients, filters and one `<symbol>` per symbol id. */
  Sprite: () => ReactNode;
  /** The scenery that fills the stage behind the machine. */
  Scene: () => ReactNode;
  /** Payline colours, one per line (repeats when a game has more lines). */
  lineColors: readonly string[];
}

/** The sprite's container: in the page (a `<use>` must find it) but taking no room and unseen. */
export function SpriteSvg({ children }: { children: ReactNode }) {
  return (
    <svg className="slot-sprite" aria-hidden="true" focusable="false" width="0" height="0">
      {children}
    </svg>
  );
}

export const ROYALS = ['A', 'K', 'Q', 'J', 'T'] as const;
export type TRoyal = (typeof ROYALS)[number];

/** What a royal shows: `T` is the ten. */
export function royalText(id: TRoyal): string {
  return id === 'T' ? '10' : id;
}

/** The serif the royals are set in: the classic card-letter look on every system, no font download. */
export const ROYAL_FONT = "Georgia, 'Noto Serif', 'DejaVu Serif', 'Times New Roman', serif";
/** The heavy sans of the WILD and SCATTER labels. */
export const LABEL_FONT = "'Arial Black', 'Noto Sans', 'DejaVu Sans', Arial, sans-serif";

/**
 * A royal's letter, outlined so it reads on any background at 56 px: a dark outline under a
 * gradient fill with a thin light rim.
 */
export function RoyalLetter({
  id,
  fill,
  outline,
  rim,
  y = 72,
  size = 64,
  filter,
}: {
  id: TRoyal;
  fill: string;
  outline: string;
  rim: string;
  y?: number;
  size?: number;
  filter?: string;
}) {
  const text = royalText(id);
  const fontSize = text.length > 1 ? size * 0.82 : size;
  const common = {
    x: 50,
    y,
    textAnchor: 'middle' as const,
    fontFamily: ROYAL_FONT,
    fontWeight: 700,
    fontSize,
    letterSpacing: text.length > 1 ? -3 : 0,
  };
  return (
    <g filter={filter}>
      <text {...common} fill={outline} stroke={outline} strokeWidth={8} strokeLinejoin="round">
        {text}
      </text>
      <text {...common} fill={fill} stroke={rim} strokeWidth={1.6} strokeLinejoin="round">
        {text}
      </text>
    </g>
  );
}

/** A text label (WILD, SCATTER) stretched to a width so it fits the same on every system font. */
export function Label({
  text,
  x = 50,
  y,
  width,
  size,
  fill,
  outline,
  outlineWidth = 4,
}: {
  text: string;
  x?: number;
  y: number;
  width: number;
  size: number;
  fill: string;
  outline: string;
  outlineWidth?: number;
}) {
  const common = {
    x,
    y,
    textAnchor: 'middle' as const,
    fontFamily: LABEL_FONT,
    fontWeight: 900,
    fontSize: size,
    textLength: width,
    lengthAdjust: 'spacingAndGlyphs' as const,
  };
  return (
    <g>
      <text {...common} fill={outline} stroke={outline} strokeWidth={outlineWidth} strokeLinejoin="round">
        {text}
      </text>
      <text {...common} fill={fill}>
        {text}
      </text>
    </g>
  );
}

/** Gradient stops from a list of colours spread evenly (or at given offsets). */
export function Stops({ colors }: { colors: readonly (string | [number, string])[] }) {
  return (
    <>
      {colors.map((c, i) => {
        const [offset, color] = Array.isArray(c) ? c : [colors.length === 1 ? 0 : i / (colors.length - 1), c];
        return <stop key={i} offset={offset} stopColor={color} />;
      })}
    </>
  );
}

/** A vertical linear gradient (top to bottom). */
export function VGrad({ id, colors }: { id: string; colors: readonly (string | [number, string])[] }) {
  return (
    <linearGradient id={id} x1="0" y1="0" x2="0" y2="1">
      <Stops colors={colors} />
    </linearGradient>
  );
}

/** A diagonal linear gradient (top left to bottom right). */
export function DGrad({ id, colors }: { id: string; colors: readonly (string | [number, string])[] }) {
  return (
    <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
      <Stops colors={colors} />
    </linearGradient>
  );
}

/** A radial gradient lit from the upper left. */
export function RGrad({
  id,
  colors,
  cx = 0.4,
  cy = 0.35,
  r = 0.7,
}: {
  id: string;
  colors: readonly (string | [number, string])[];
  cx?: number;
  cy?: number;
  r?: number;
}) {
  return (
    <radialGradient id={id} cx={cx} cy={cy} r={r}>
      <Stops colors={colors} />
    </radialGradient>
  );
}

/** The soft drop shadow and the vertical motion blur every sprite defines under its prefix. */
export function CommonFilters({ prefix, shadow = 'rgba(0,0,0,0.5)' }: { prefix: string; shadow?: string }) {
  return (
    <>
      <filter id={`${prefix}-shadow`} x="-20%" y="-20%" width="140%" height="150%">
        <feDropShadow dx="0" dy="2.5" stdDeviation="1.8" floodColor={shadow} />
      </filter>
      <filter id={`${prefix}-glow`} x="-30%" y="-30%" width="160%" height="160%">
        <feGaussianBlur stdDeviation="3" result="blur" />
        <feMerge>
          <feMergeNode in="blur" />
          <feMergeNode in="SourceGraphic" />
        </feMerge>
      </filter>
    </>
  );
}

/** A four-pointed sparkle centred on (x, y). */
export function Sparkle({
  x,
  y,
  r,
  fill = '#fff',
  opacity = 0.9,
}: {
  x: number;
  y: number;
  r: number;
  fill?: string;
  opacity?: number;
}) {
  const q = r * 0.22;
  return (
    <path
      d={`M${x} ${y - r} Q${x + q} ${y - q} ${x + r} ${y} Q${x + q} ${y + q} ${x} ${y + r} Q${x - q} ${y + q} ${x - r} ${y} Q${x - q} ${y - q} ${x} ${y - r}Z`}
      fill={fill}
      opacity={opacity}
    />
  );
}
