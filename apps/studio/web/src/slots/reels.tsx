import type { CSSProperties } from 'react';
import type { SlotGameDefinition, SlotWin } from '@casino/studio-engine/types';
import { cellKey } from './plan.ts';
import type { SlotTheme } from './themes/index.ts';
import type { HighlightView, ReelView } from './use-slot-machine.ts';

/** One symbol's art, from the theme's sprite. */
export function SymbolArt({ theme, id, className }: { theme: SlotTheme; id: string; className?: string }) {
  return (
    <svg className={className ?? 'slot-sym'} viewBox="0 0 100 100" aria-hidden="true" focusable="false">
      <use href={`#${theme.prefix}-${id}`} />
    </svg>
  );
}

function Reel({
  reel,
  index,
  theme,
  rows,
  highlight,
  landMs,
}: {
  reel: ReelView;
  index: number;
  theme: SlotTheme;
  rows: number;
  highlight: HighlightView | null;
  landMs: number;
}) {
  let cells: string[];
  let style: CSSProperties | undefined;
  if (reel.phase === 'spin') {
    // The loop twice over: the strip scrolls down by one loop and starts again, seamlessly.
    cells = [...reel.strip, ...reel.strip];
  } else if (reel.phase === 'land') {
    cells = [...reel.symbols, ...reel.strip];
  } else {
    cells = reel.symbols;
  }
  const n = Math.max(cells.length, 1);
  style = { height: `${(n / rows) * 100}%` } as CSSProperties;
  if (reel.phase === 'land') {
    style = {
      ...style,
      '--land-from': `${(-(n - rows) / n) * 100}%`,
      '--land-ms': `${landMs}ms`,
    } as CSSProperties;
  }
  const lit = highlight !== null;
  return (
    <div className={`slot-reel${reel.tease ? ' is-tease' : ''}`} data-reel={index} data-phase={reel.phase}>
      <div key={reel.seq} className={`slot-strip slot-strip--${reel.phase}`} style={style}>
        {cells.map((id, i) => {
          const atRest = reel.phase === 'idle';
          const win = atRest && lit && highlight.cells.has(cellKey(index, i));
          return (
            <div
              key={i}
              className={`slot-cell${win ? ' is-win' : ''}${atRest && lit && !win ? ' is-dim' : ''}`}
              style={{ height: `${100 / n}%` }}
              data-symbol={atRest ? id : undefined}
            >
              <SymbolArt theme={theme} id={id} />
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** The centre of a cell in the overlay's 0..500 x 0..300 box. */
function centre(reel: number, row: number): [number, number] {
  return [reel * 100 + 50, row * 100 + 50];
}

function WinPath({
  win,
  definition,
  color,
  faint,
}: {
  win: SlotWin;
  definition: SlotGameDefinition;
  color: string;
  faint?: boolean;
}) {
  const opacity = faint ? 0.55 : 1;
  if (win.line >= 0) {
    const line = definition.lines[win.line];
    if (!line) return null;
    const points = line.map((row, reel) => centre(reel, row));
    const first = points[0]!;
    const lastPoint = points[points.length - 1]!;
    const d = `M${first[0] - 48} ${first[1]}L${points.map((p) => p.join(' ')).join('L')}L${lastPoint[0] + 48} ${lastPoint[1]}`;
    return (
      <g opacity={opacity}>
        <path d={d} className="slot-line slot-line--shadow" />
        <path d={d} className="slot-line" stroke={color} />
      </g>
    );
  }
  if (win.line === -1) return null;
  // A ways win: every lit cell joined to the lit cells of the next reel.
  const byReel = new Map<number, number[]>();
  for (const [reel, row] of win.cells) byReel.set(reel, [...(byReel.get(reel) ?? []), row]);
  const segments: string[] = [];
  for (const [reel, rowsHere] of byReel) {
    const next = byReel.get(reel + 1);
    if (!next) continue;
    for (const a of rowsHere)
      for (const b of next) {
        const [x1, y1] = centre(reel, a);
        const [x2, y2] = centre(reel + 1, b);
        segments.push(`M${x1} ${y1}L${x2} ${y2}`);
      }
  }
  const d = segments.join('');
  return (
    <g opacity={opacity}>
      <path d={d} className="slot-line slot-line--shadow" />
      <path d={d} className="slot-line" stroke={color} />
    </g>
  );
}

/** The lines (or ways) of the win shown; all of a spin's wins at once before they are taken in turn. */
function WinLines({
  highlight,
  definition,
  theme,
}: {
  highlight: HighlightView;
  definition: SlotGameDefinition;
  theme: SlotTheme;
}) {
  const color = (win: SlotWin, i: number) =>
    theme.lineColors[(win.line >= 0 ? win.line : i) % theme.lineColors.length] ?? '#fff';
  const shown = highlight.current ? [highlight.current] : highlight.wins;
  return (
    <svg className="slot-lines" viewBox="0 0 500 300" preserveAspectRatio="none" aria-hidden="true">
      {shown.map((win, i) => (
        <WinPath
          key={`${win.line}-${win.symbol}-${i}`}
          win={win}
          definition={definition}
          color={color(win, i)}
          faint={!highlight.current && shown.length > 1}
        />
      ))}
    </svg>
  );
}

export function Reels({
  reels,
  highlight,
  theme,
  definition,
  landMs,
  label,
  onTap,
}: {
  reels: ReelView[];
  highlight: HighlightView | null;
  theme: SlotTheme;
  definition: SlotGameDefinition;
  landMs: number;
  /** What the window shows, for screen readers. */
  label: string;
  onTap(): void;
}) {
  return (
    <div className="slot-window" onClick={onTap}>
      <div className="slot-reels" role="img" aria-label={label}>
        {reels.map((reel, r) => (
          <Reel
            key={r}
            reel={reel}
            index={r}
            theme={theme}
            rows={definition.rows}
            highlight={highlight}
            landMs={landMs}
          />
        ))}
      </div>
      {highlight ? <WinLines highlight={highlight} definition={definition} theme={theme} /> : null}
    </div>
  );
}
