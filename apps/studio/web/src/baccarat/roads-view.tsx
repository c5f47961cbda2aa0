import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, useStudio } from '../shell/index.ts';
import { beadPlate, bigRoad, ROAD_ROWS, tally, type TOutcome } from './roads.ts';

const OUTCOMES = new Set(['P', 'B', 'T']);

function isHistory(value: unknown): value is TOutcome[] {
  return Array.isArray(value) && value.every((v) => OUTCOMES.has(v as string));
}

/**
 * The current shoe as the session answer gives it: the studio sends the table definition with
 * `shoe: {cardsLeft, newShoeNext, history}` (apps/studio/src/browser-api.ts); `history` and `roads` at
 * the top level are read too. When it carries none, the roads start empty and
 * fill from the member's first deal (each deal answer has the shoe's whole history).
 */
export function readShoeHistory(definition: unknown): {
  history: TOutcome[];
  cardsLeft: number | null;
  newShoeNext: boolean;
  known: boolean;
} {
  const d = (definition ?? {}) as {
    history?: unknown;
    roads?: unknown;
    shoe?: { history?: unknown; cardsLeft?: unknown; newShoeNext?: unknown };
  };
  const candidates = [d.shoe?.history, d.history, d.roads];
  const history = candidates.find(isHistory);
  const cardsLeft = typeof d.shoe?.cardsLeft === 'number' ? d.shoe.cardsLeft : null;
  return {
    history: history ?? [],
    cardsLeft,
    newShoeNext: d.shoe?.newShoeNext === true,
    known: history !== undefined,
  };
}

/** One cell of a road in SVG units; CSS sets the drawn height (`--bc-road-h`), the width follows. */
const CELL = 22;
/** Columns drawn even when the shoe is young, so the grids fill their panels. */
const MIN_COLUMNS = 24;

/** Bead plate and big road of the shoe, with the shoe's counts. */
export function Roads({
  history,
  cardsLeft,
  newShoeNext,
  fromSession,
}: {
  history: TOutcome[];
  cardsLeft: number | null;
  newShoeNext: boolean;
  fromSession: boolean;
}) {
  const { t } = useTranslation('baccarat');
  const { lang } = useStudio();
  const counts = tally(history);
  const beads = beadPlate(history);
  const road = bigRoad(history);
  const beadCols = Math.max(MIN_COLUMNS, Math.ceil(history.length / ROAD_ROWS) + 1);
  const roadCols = Math.max(MIN_COLUMNS, road.columns + 2);
  const beadRef = useRef<HTMLDivElement>(null);
  const roadRef = useRef<HTMLDivElement>(null);

  // Keep the newest coups in view: the roads grow to the right. The scroll stops on a column edge
  // so the first column shown is never cut in half.
  const lastBead = beads.length > 0 ? beads[beads.length - 1]!.col : 0;
  const lastRoad = Math.max(0, road.columns - 1);
  useEffect(() => {
    for (const [el, last] of [
      [beadRef.current, lastBead],
      [roadRef.current, lastRoad],
    ] as const) {
      const svg = el?.querySelector('svg');
      if (!el || !svg) continue;
      const cell = svg.getBoundingClientRect().height / ROAD_ROWS;
      if (!(cell > 0)) continue;
      const wanted = Math.max(0, (last + 2) * cell - el.clientWidth);
      el.scrollLeft = Math.ceil(wanted / cell) * cell;
    }
  }, [lastBead, lastRoad]);

  const letter = (o: TOutcome) => t(`roads.letter.${o}`);

  return (
    <section className="bc-roads" aria-label={t('roads.title')}>
      <div className="bc-roads__head">
        <h2>{t('roads.title')}</h2>
        <div className="bc-roads__counts">
          <span className="bc-count bc-count--P">
            {letter('P')} {counts.P}
          </span>
          <span className="bc-count bc-count--B">
            {letter('B')} {counts.B}
          </span>
          <span className="bc-count bc-count--T">
            {letter('T')} {counts.T}
          </span>
          {cardsLeft !== null ? (
            <span className="bc-roads__shoe">
              {t('roads.cardsLeft', { count: cardsLeft, n: formatNumber(cardsLeft, lang) })}
            </span>
          ) : null}
        </div>
      </div>
      {newShoeNext ? <p className="bc-roads__note">{t('roads.newShoe')}</p> : null}
      <div className="bc-roads__grids">
        <div className="bc-road">
          <h3>{t('roads.beadPlate')}</h3>
          <div className="bc-road__scroll" ref={beadRef}>
            <svg
              viewBox={`0 0 ${beadCols * CELL} ${ROAD_ROWS * CELL}`}
              style={{ aspectRatio: `${beadCols} / ${ROAD_ROWS}` }}
              role="img"
              aria-label={t('roads.beadAria', { p: counts.P, b: counts.B, t: counts.T })}
            >
              <RoadGrid cols={beadCols} />
              {beads.map((bead, i) => (
                <g
                  key={i}
                  transform={`translate(${bead.col * CELL + CELL / 2} ${bead.row * CELL + CELL / 2})`}
                >
                  <circle r={CELL / 2 - 2} className={`bc-bead bc-bead--${bead.outcome}`} />
                  <text dy="0.35em" textAnchor="middle" className="bc-bead__text">
                    {letter(bead.outcome)}
                  </text>
                </g>
              ))}
            </svg>
          </div>
        </div>
        <div className="bc-road">
          <h3>{t('roads.bigRoad')}</h3>
          <div className="bc-road__scroll" ref={roadRef}>
            <svg
              viewBox={`0 0 ${roadCols * CELL} ${ROAD_ROWS * CELL}`}
              style={{ aspectRatio: `${roadCols} / ${ROAD_ROWS}` }}
              role="img"
              aria-label={t('roads.bigRoadAria')}
            >
              <RoadGrid cols={roadCols} />
              {road.cells.map((cell, i) => (
                <g
                  key={i}
                  transform={`translate(${cell.col * CELL + CELL / 2} ${cell.row * CELL + CELL / 2})`}
                >
                  <circle r={CELL / 2 - 3} className={`bc-ring bc-ring--${cell.outcome}`} />
                  {cell.ties > 0 ? (
                    <>
                      <line x1={-6} y1={6} x2={6} y2={-6} className="bc-tie-slash" />
                      {cell.ties > 1 ? (
                        <text dy="0.35em" textAnchor="middle" className="bc-ring__ties">
                          {cell.ties}
                        </text>
                      ) : null}
                    </>
                  ) : null}
                </g>
              ))}
              {road.cells.length === 0 && road.leadingTies > 0 ? (
                <g transform={`translate(${CELL / 2} ${CELL / 2})`}>
                  <line x1={-6} y1={6} x2={6} y2={-6} className="bc-tie-slash" />
                </g>
              ) : null}
            </svg>
          </div>
        </div>
      </div>
      {!fromSession && history.length === 0 ? (
        <p className="bc-roads__note">{t('roads.startsEmpty')}</p>
      ) : null}
    </section>
  );
}

function RoadGrid({ cols }: { cols: number }) {
  const lines = [];
  for (let c = 0; c <= cols; c++)
    lines.push(<line key={`c${c}`} x1={c * CELL} y1={0} x2={c * CELL} y2={ROAD_ROWS * CELL} />);
  for (let r = 0; r <= ROAD_ROWS; r++)
    lines.push(<line key={`r${r}`} x1={0} y1={r * CELL} x2={cols * CELL} y2={r * CELL} />);
  return (
    <g className="bc-grid" aria-hidden="true">
      <rect width={cols * CELL} height={ROAD_ROWS * CELL} className="bc-grid__bg" />
      {lines}
    </g>
  );
}
