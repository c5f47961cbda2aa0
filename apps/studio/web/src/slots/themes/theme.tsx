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

/**
 * A ribbon across a symbol with its label (WILD, SCATTER): notched at both ends, `inset` from the
 * symbol's sides, from `top` down `height`.
 */
export function Banner({
  text,
  inset = 1,
  top,
  height = 22,
  fill,
  stroke,
  strokeWidth,
  label,
}: {
  text: string;
  inset?: number;
  top: number;
  height?: number;
  fill: string;
  stroke: string;
  strokeWidth: number;
  label: { y: number; width: number; size: number; fill: string; outline: string };
}) {
  const [left, right, mid, bottom] = [inset, 100 - inset, top + height / 2, top + height];
  return (
    <>
      <path
        d={`M${left} ${top}H${right}L${right - 6} ${mid}L${right} ${bottom}H${left}L${left + 6} ${mid}Z`}
        fill={fill}
        stroke={stroke}
        strokeWidth={strokeWidth}
        strokeLinejoin="round"
      />
      <Label text={text} {...label} outlineWidth={3} />
    </>
  );
}

/** The five royals' letter gradients of a sprite (`#<prefix>-rA` ...): light at the top, `mid` at 45 %, dark below. */
export function RoyalGradients({
  prefix,
  colors,
}: {
  prefix: string;
  colors: Record<TRoyal, readonly [light: string, mid: string, dark: string]>;
}) {
  return (
    <>
      {ROYALS.map((id) => {
        const [light, mid, dark] = colors[id];
        return <VGrad key={id} id={`${prefix}-r${id}`} colors={[light, [0.45, mid], [1, dark]]} />;
      })}
    </>
  );
}

/**
 * The five royals' symbols of a sprite: `backdrop` (the theme's ornament, the same behind every
 * letter), then the letter in its gradient of `RoyalGradients` over the sprite's shadow.
 */
export function RoyalSymbols({
  prefix,
  outline,
  rim,
  size,
  backdrop,
}: {
  prefix: string;
  outline: string;
  rim: string;
  size?: number;
  backdrop: ReactNode;
}) {
  return ROYALS.map((id) => (
    <symbol key={id} id={`${prefix}-${id}`} viewBox="0 0 100 100">
      {backdrop}
      <RoyalLetter
        id={id}
        fill={`url(#${prefix}-r${id})`}
        outline={outline}
        rim={rim}
        filter={`url(#${prefix}-shadow)`}
        {...(size !== undefined && { size })}
      />
    </symbol>
  ));
}

type TColors = readonly (string | [number, string])[];

/**
 * A gradient of a sprite: vertical (`v`), diagonal (`d`), or radial (`r`, lit from `at`: its centre
 * and radius, `RGrad`'s upper left unless given).
 */
export type TGradient =
  { v: TColors } | { d: TColors } | { r: TColors; at?: readonly [cx: number, cy: number, radius: number] };

/** Gradients by name, each defined as `#<prefix>-<name>`, in the order given. */
export function Gradients({ prefix, gradients }: { prefix: string; gradients: Record<string, TGradient> }) {
  return (
    <>
      {Object.entries(gradients).map(([name, g]) => {
        const id = `${prefix}-${name}`;
        if ('v' in g) return <VGrad key={name} id={id} colors={g.v} />;
        if ('d' in g) return <DGrad key={name} id={id} colors={g.d} />;
        return (
          <RGrad key={name} id={id} colors={g.r} {...(g.at && { cx: g.at[0], cy: g.at[1], r: g.at[2] })} />
        );
      })}
    </>
  );
}

/**
 * A slot theme from what sets it apart: its sprite's shadow colour and gradients, its own symbols
 * (`Symbols`: the high symbols, WILD and SCATTER), its royals' colours and backdrop, its scenery
 * and paylines. The sprite around them (filters, gradients, the royals' symbols) is the same for all.
 */
export function slotTheme(spec: {
  key: string;
  prefix: string;
  shadow: string;
  gradients: Record<string, TGradient>;
  Symbols: () => ReactNode;
  royals: {
    colors: Record<TRoyal, readonly [light: string, mid: string, dark: string]>;
    outline: string;
    rim: string;
    size?: number;
    backdrop: ReactNode;
  };
  Scene: () => ReactNode;
  lineColors: readonly string[];
}): SlotTheme {
  const { key, prefix, shadow, gradients, Symbols, royals, Scene, lineColors } = spec;
  function Sprite() {
    return (
      <SpriteSvg>
        <defs>
          <CommonFilters prefix={prefix} shadow={shadow} />
          <Gradients prefix={prefix} gradients={gradients} />
          <RoyalGradients prefix={prefix} colors={royals.colors} />
        </defs>
        <Symbols />
        <RoyalSymbols
          prefix={prefix}
          outline={royals.outline}
          rim={royals.rim}
          backdrop={royals.backdrop}
          {...(royals.size !== undefined && { size: royals.size })}
        />
      </SpriteSvg>
    );
  }
  return { key, prefix, Sprite, Scene, lineColors };
}
