import './figures-chart.css';

/** One series of the chart: grouped bars, or a line over the groups' centres. */
export interface ChartSeries {
  key: string;
  label: string;
  kind: 'bar' | 'line';
  /** Its colour: `chart--<tone>` in figures-chart.css. */
  tone: 'in' | 'out' | 'bet' | 'win' | 'ggr' | 'month';
}

export interface FiguresChartProps {
  /** What the chart shows; read out as the image's name. */
  title: string;
  /** The id of the table holding the same figures (the chart's text alternative). */
  tableId: string;
  /** One label per group (a day, a month, a figure). */
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** Per series key, one value per label. */
  values: Readonly<Record<string, readonly number[]>>;
  format: (value: number) => string;
  /** The axis' numbers, shorter than `format` (`1억`, `50M`); default `format`. */
  formatTick?: (value: number) => string;
}

const WIDTH = 960;
const HEIGHT = 240;
const PAD = { top: 12, right: 12, bottom: 28, left: 84 };
const MAX_X_LABELS = 16;

/** Round tick steps (1, 2, 2.5, 5 × 10^n) so that the axis reads `0, 50,000, 100,000`. */
function niceStep(span: number, ticks: number): number {
  if (span <= 0) return 1;
  const raw = span / ticks;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10;
  return step * power;
}

/**
 * A small SVG chart drawn by hand (no chart library: a few grouped bars and one line do not need
 * one). It is an image with a name; its figures are in the table it points to with
 * `aria-describedby`, which is the text alternative. Each bar and point has a tooltip.
 */
export function FiguresChart(props: FiguresChartProps) {
  const { title, tableId, labels, series, values, format } = props;
  const formatTick = props.formatTick ?? format;
  const all = series.flatMap((s) => values[s.key] ?? []);
  const step = niceStep(Math.max(0, ...all) - Math.min(0, ...all), 4);
  const top = Math.max(step, Math.ceil(Math.max(0, ...all) / step) * step);
  const bottom = Math.min(0, Math.floor(Math.min(0, ...all) / step) * step);
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + ((top - v) / (top - bottom)) * plotH;
  const n = Math.max(1, labels.length);
  const band = plotW / n;
  const bars = series.filter((s) => s.kind === 'bar');
  const lines = series.filter((s) => s.kind === 'line');
  const barW = Math.max(1, Math.min(28, (band * 0.8) / Math.max(1, bars.length)));
  const centre = (i: number) => PAD.left + band * i + band / 2;
  const every = Math.ceil(n / MAX_X_LABELS);
  const ticks: number[] = [];
  for (let v = bottom; v <= top + step / 2; v += step) ticks.push(v);

  return (
    <figure className="chart">
      <svg
        className="chart__svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={title}
        aria-describedby={tableId}
      >
        {ticks.map((v) => (
          <g key={v}>
            <line
              className={v === 0 ? 'chart__zero' : 'chart__grid'}
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(v)}
              y2={y(v)}
            />
            <text className="chart__tick" x={PAD.left - 6} y={y(v) + 4} textAnchor="end">
              {formatTick(v)}
            </text>
          </g>
        ))}
        {labels.map((label, i) => (
          <g key={i}>
            {bars.map((s, j) => {
              const v = values[s.key]?.[i] ?? 0;
              const x = centre(i) - (barW * bars.length) / 2 + j * barW;
              return (
                <rect
                  key={s.key}
                  className={`chart__bar chart--${s.tone}`}
                  x={x}
                  y={Math.min(y(v), y(0))}
                  width={Math.max(1, barW - 1)}
                  height={Math.max(v === 0 ? 0 : 1, Math.abs(y(v) - y(0)))}
                >
                  <title>{`${label} · ${s.label}: ${format(v)}`}</title>
                </rect>
              );
            })}
            {i % every === 0 && (
              <text className="chart__tick" x={centre(i)} y={HEIGHT - 8} textAnchor="middle">
                {label}
              </text>
            )}
          </g>
        ))}
        {lines.map((s) => {
          const points = labels.map((_, i) => `${centre(i)},${y(values[s.key]?.[i] ?? 0)}`).join(' ');
          return (
            <g key={s.key} className={`chart--${s.tone}`}>
              <polyline className="chart__line" points={points} />
              {labels.map((label, i) => (
                <circle key={i} className="chart__dot" cx={centre(i)} cy={y(values[s.key]?.[i] ?? 0)} r={3}>
                  <title>{`${label} · ${s.label}: ${format(values[s.key]?.[i] ?? 0)}`}</title>
                </circle>
              ))}
            </g>
          );
        })}
      </svg>
      <figcaption className="chart__legend">
        {series.map((s) => (
          <span key={s.key} className="chart__key">
            <span className={`chart__swatch chart__swatch--${s.kind} chart--${s.tone}`} aria-hidden="true" />
            {s.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
