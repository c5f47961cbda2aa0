import { Banner, RGrad, slotTheme, Sparkle, VGrad } from './theme.tsx';

/*
 * Jade Lotus: a calm water garden at dusk. Jade, pink lotus, koi and a dragonfly on soft dusk
 * colours; the royals are carved in pastel stone with a gold rim.
 */

const P = 'jl';

/** A lotus petal pointing up from (0, 0). */
const PETAL = 'M0 0C-14-10-13-30 0-44C13-30 14-10 0 0Z';

function Lotus({
  x,
  y,
  scale = 1,
  back,
  front,
}: {
  x: number;
  y: number;
  scale?: number;
  back: string;
  front: string;
}) {
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`}>
      {[-72, -44, 44, 72].map((a) => (
        <path
          key={a}
          d={PETAL}
          transform={`rotate(${a}) scale(0.9)`}
          fill={back}
          stroke="#9c2a62"
          strokeWidth="1"
        />
      ))}
      {[-22, 22].map((a) => (
        <path key={a} d={PETAL} transform={`rotate(${a})`} fill={front} stroke="#b8356f" strokeWidth="1" />
      ))}
      <path d={PETAL} transform="scale(1.05)" fill={front} stroke="#b8356f" strokeWidth="1" />
      <path d="M0-4V-36" stroke="#fff" strokeOpacity="0.55" strokeWidth="1.4" strokeLinecap="round" />
    </g>
  );
}

function Symbols() {
  return (
    <>
      {/* H1: a carved jade bi disc on a red cord, with a gold knot and a red tassel. */}
      <symbol id={`${P}-H1`} viewBox="0 0 100 100">
        <g filter={`url(#${P}-shadow)`}>
          <path d="M50 1V16" stroke="#c4222c" strokeWidth="3.2" strokeLinecap="round" />
          <path
            fillRule="evenodd"
            d="M15 49a35 35 0 1 0 70 0a35 35 0 1 0-70 0ZM40 49a10 10 0 1 1 20 0a10 10 0 1 1-20 0Z"
            fill={`url(#${P}-jadeRad)`}
            stroke={`url(#${P}-gold)`}
            strokeWidth="3.2"
          />
          <circle
            cx="50"
            cy="49"
            r="25.5"
            fill="none"
            stroke="#0b5a3b"
            strokeOpacity="0.55"
            strokeWidth="1.6"
          />
          <circle
            cx="50"
            cy="49"
            r="17"
            fill="none"
            stroke="#0b5a3b"
            strokeOpacity="0.35"
            strokeWidth="1.2"
          />
          {Array.from({ length: 10 }, (_, i) => {
            const a = (i / 10) * Math.PI * 2;
            return (
              <g key={i}>
                <circle
                  cx={50 + Math.cos(a) * 30.5}
                  cy={49 + Math.sin(a) * 30.5}
                  r="2.4"
                  fill="#0e6846"
                  fillOpacity="0.55"
                />
                <circle
                  cx={50 + Math.cos(a + 0.31) * 21.3}
                  cy={49 + Math.sin(a + 0.31) * 21.3}
                  r="1.6"
                  fill="#e9fff3"
                  fillOpacity="0.55"
                />
              </g>
            );
          })}
          <ellipse cx="36" cy="31" rx="13" ry="6" transform="rotate(-32 36 31)" fill="#fff" opacity="0.45" />
          <rect
            x="43"
            y="9"
            width="14"
            height="9"
            rx="3"
            fill={`url(#${P}-gold)`}
            stroke="#6b4508"
            strokeWidth="0.8"
          />
          <circle cx="50" cy="86" r="3.6" fill={`url(#${P}-gold)`} />
          <path d="M46.5 88.5H53.5L58 99H42Z" fill={`url(#${P}-red)`} />
          <path d="M47 91L45 98M50 91V98.5M53 91L55 98" stroke="#ff9a8e" strokeWidth="0.8" opacity="0.8" />
        </g>
      </symbol>

      {/* H2: a pink lotus in bloom on its pad. */}
      <symbol id={`${P}-H2`} viewBox="0 0 100 100">
        <g filter={`url(#${P}-shadow)`}>
          <path
            d="M8 80C8 70 30 64 50 64S92 70 92 80S72 95 50 95S8 90 8 80Z"
            fill={`url(#${P}-leaf)`}
            stroke="#0f4a2b"
            strokeWidth="1.2"
          />
          <path d="M50 80L62 92" stroke="#0f4a2b" strokeWidth="1.4" opacity="0.6" />
          <path d="M50 80L20 78M50 80L80 78M50 80L36 92" stroke="#c9f5c0" strokeWidth="0.9" opacity="0.45" />
          <Lotus x={50} y={78} scale={1.18} back={`url(#${P}-petalBack)`} front={`url(#${P}-petal)`} />
          {[-8, -3, 3, 8].map((dx) => (
            <circle
              key={dx}
              cx={50 + dx}
              cy={74 - Math.abs(dx) * 0.3}
              r="1.9"
              fill="#ffd84a"
              stroke="#b07a00"
              strokeWidth="0.5"
            />
          ))}
          <Sparkle x={80} y={22} r={6} />
          <Sparkle x={22} y={34} r={4} opacity={0.7} />
        </g>
      </symbol>

      {/* H3: a koi leaping in an arc, over a ripple. */}
      <symbol id={`${P}-H3`} viewBox="0 0 100 100">
        <ellipse
          cx="50"
          cy="78"
          rx="40"
          ry="10"
          fill="none"
          stroke="#9ff0ff"
          strokeOpacity="0.55"
          strokeWidth="2"
        />
        <ellipse
          cx="50"
          cy="78"
          rx="26"
          ry="6"
          fill="none"
          stroke="#9ff0ff"
          strokeOpacity="0.4"
          strokeWidth="1.5"
        />
        <g filter={`url(#${P}-shadow)`} transform="rotate(-24 50 50)">
          <path
            d="M22 50C12 40 6 34 2 28C9 42 9 58 2 72C7 66 13 60 22 54Z"
            fill={`url(#${P}-fin)`}
            stroke="#b8410c"
            strokeWidth="1"
          />
          <path d="M40 37C46 24 60 22 68 33Z" fill={`url(#${P}-fin)`} stroke="#b8410c" strokeWidth="0.9" />
          <clipPath id={`${P}-koiClip`}>
            <path d="M20 50C32 33 62 29 84 40C94 45 94 56 84 61C62 71 32 67 20 50Z" />
          </clipPath>
          <path d="M20 50C32 33 62 29 84 40C94 45 94 56 84 61C62 71 32 67 20 50Z" fill={`url(#${P}-koi)`} />
          <g clipPath={`url(#${P}-koiClip)`}>
            <ellipse cx="60" cy="38" rx="15" ry="9" fill={`url(#${P}-koiOrange)`} />
            <ellipse cx="35" cy="57" rx="11" ry="7" fill={`url(#${P}-koiOrange)`} />
            <ellipse cx="87" cy="43" rx="7" ry="6" fill="#e4421a" />
            <ellipse cx="44" cy="44" rx="5" ry="3" fill="#1f1a17" opacity="0.75" />
            <path
              d="M40 48q4 4 8 0M50 50q4 4 8 0M60 52q4 4 8 0M45 56q4 4 8 0M55 58q4 4 8 0"
              fill="none"
              stroke="#000"
              strokeOpacity="0.12"
              strokeWidth="1"
            />
          </g>
          <path
            d="M20 50C32 33 62 29 84 40C94 45 94 56 84 61C62 71 32 67 20 50Z"
            fill="none"
            stroke="#8c3208"
            strokeWidth="1.4"
          />
          <path
            d="M62 61C65 72 58 79 50 78C55 71 56 66 62 61Z"
            fill={`url(#${P}-fin)`}
            stroke="#b8410c"
            strokeWidth="0.9"
          />
          <circle cx="82" cy="46" r="3" fill="#111" />
          <circle cx="83" cy="45" r="1" fill="#fff" />
          <path
            d="M91 54q6 2 5 9M89 56q3 4 0 8"
            fill="none"
            stroke="#d0501c"
            strokeWidth="1.2"
            strokeLinecap="round"
          />
          <path
            d="M30 45C45 36 62 34 78 39"
            fill="none"
            stroke="#fff"
            strokeOpacity="0.8"
            strokeWidth="1.6"
            strokeLinecap="round"
          />
        </g>
        <circle cx="16" cy="20" r="2.5" fill="#bff6ff" opacity="0.8" />
        <circle cx="24" cy="12" r="1.6" fill="#bff6ff" opacity="0.7" />
      </symbol>

      {/* H4: a dragonfly with glassy wings. */}
      <symbol id={`${P}-H4`} viewBox="0 0 100 100">
        <g filter={`url(#${P}-shadow)`}>
          {[
            { cx: 28, cy: 30, r: -14 },
            { cx: 72, cy: 30, r: 14 },
            { cx: 30, cy: 45, r: 16 },
            { cx: 70, cy: 45, r: -16 },
          ].map((w, i) => (
            <g key={i} transform={`rotate(${w.r} ${w.cx} ${w.cy})`}>
              <ellipse
                cx={w.cx}
                cy={w.cy}
                rx={i < 2 ? 24 : 21}
                ry={i < 2 ? 7.5 : 6.5}
                fill={`url(#${P}-wing)`}
                stroke="#5fb9ea"
                strokeWidth="1"
              />
              <path
                d={`M${w.cx - 20} ${w.cy}H${w.cx + 20}M${w.cx - 12} ${w.cy - 4}L${w.cx - 6} ${w.cy + 4}M${w.cx + 6} ${w.cy - 4}L${w.cx + 12} ${w.cy + 4}`}
                stroke="#5fb9ea"
                strokeWidth="0.6"
                opacity="0.8"
              />
            </g>
          ))}
          <rect
            x="46.6"
            y="38"
            width="6.8"
            height="56"
            rx="3.4"
            fill={`url(#${P}-teal)`}
            stroke="#0a4a50"
            strokeWidth="1"
          />
          {[46, 53, 60, 67, 74, 81, 88].map((y) => (
            <path key={y} d={`M47 ${y}H53`} stroke="#0a4a50" strokeWidth="0.9" opacity="0.7" />
          ))}
          <ellipse cx="50" cy="33" rx="7" ry="9" fill={`url(#${P}-teal)`} stroke="#0a4a50" strokeWidth="1" />
          <circle cx="45" cy="20" r="6" fill={`url(#${P}-eye)`} stroke="#063b26" strokeWidth="1" />
          <circle cx="55" cy="20" r="6" fill={`url(#${P}-eye)`} stroke="#063b26" strokeWidth="1" />
          <circle cx="43.5" cy="18" r="1.7" fill="#fff" opacity="0.9" />
          <circle cx="53.5" cy="18" r="1.7" fill="#fff" opacity="0.9" />
        </g>
      </symbol>

      {/* W: a jade medallion with a gold lotus and a red WILD ribbon. */}
      <symbol id={`${P}-W`} viewBox="0 0 100 100">
        <g filter={`url(#${P}-shadow)`}>
          <circle
            cx="50"
            cy="45"
            r="42"
            fill={`url(#${P}-jadeRad)`}
            stroke={`url(#${P}-gold)`}
            strokeWidth="4"
          />
          <circle
            cx="50"
            cy="45"
            r="35"
            fill="none"
            stroke="#f6d35f"
            strokeOpacity="0.75"
            strokeWidth="1.2"
            strokeDasharray="3 3"
          />
          <Lotus x={50} y={56} scale={0.72} back={`url(#${P}-gold)`} front={`url(#${P}-gold)`} />
          <ellipse cx="36" cy="22" rx="14" ry="6" transform="rotate(-28 36 22)" fill="#fff" opacity="0.35" />
          <Banner
            text="WILD"
            inset={2}
            top={64}
            fill={`url(#${P}-red)`}
            stroke={`url(#${P}-gold)`}
            strokeWidth={2.4}
            label={{ y: 84, width: 66, size: 22, fill: '#fff3b8', outline: '#5a0a10' }}
          />
        </g>
      </symbol>

      {/* S: the full moon over a lotus, with a teal SCATTER ribbon. */}
      <symbol id={`${P}-S`} viewBox="0 0 100 100">
        <circle cx="50" cy="42" r="48" fill={`url(#${P}-moonGlow)`} />
        <g filter={`url(#${P}-shadow)`}>
          <circle cx="50" cy="40" r="32" fill={`url(#${P}-moon)`} stroke="#e2a93a" strokeWidth="1.5" />
          <circle cx="38" cy="32" r="5" fill="#e9c46a" opacity="0.35" />
          <circle cx="60" cy="48" r="7" fill="#e9c46a" opacity="0.3" />
          <circle cx="57" cy="27" r="3" fill="#e9c46a" opacity="0.3" />
          <Lotus x={50} y={70} scale={0.7} back={`url(#${P}-petalBack)`} front={`url(#${P}-petal)`} />
          <Banner
            text="SCATTER"
            inset={2}
            top={68}
            fill={`url(#${P}-ribbonTeal)`}
            stroke={`url(#${P}-gold)`}
            strokeWidth={2.4}
            label={{ y: 86.5, width: 74, size: 16, fill: '#fff3b8', outline: '#06393b' }}
          />
        </g>
      </symbol>
    </>
  );
}

/**
 * A willow's bough and its `count` hanging twigs, `step` apart from `x0`; twig i hangs
 * `base + (i * mul) % spread` (`length`), so their ends look uneven without chance.
 */
function WillowBranch({
  count,
  x0,
  step,
  length: [base, mul, spread],
}: {
  count: number;
  x0: number;
  step: number;
  length: readonly [base: number, mul: number, spread: number];
}) {
  return (
    <>
      <path d="M0 0C60 10 110 20 160 0" stroke="#1d3b2c" strokeWidth="8" fill="none" />
      {Array.from({ length: count }, (_, i) => {
        const x = x0 + i * step;
        const len = base + ((i * mul) % spread);
        return (
          <path
            key={i}
            d={`M${x} ${4 + (i % 3) * 3}C${x + 8} ${len * 0.4} ${x - 6} ${len * 0.7} ${x + 4} ${len}`}
            stroke={i % 2 ? '#3f7a4f' : '#2c5e3d'}
            strokeWidth="3"
            strokeDasharray="7 4"
            strokeLinecap="round"
            fill="none"
          />
        );
      })}
    </>
  );
}

/** Dusk over a water garden: the sky, the moon, far hills and a pagoda, willows, a pond with lotus. */
function Scene() {
  return (
    <div className="slot-scene slot-scene--jade" aria-hidden="true">
      <div className="slot-scene__moon" />
      <svg className="slot-scene__hills" viewBox="0 0 1000 300" preserveAspectRatio="none">
        <path
          d="M0 170C120 110 210 90 320 140S520 80 640 120S860 60 1000 110V300H0Z"
          fill="#5b3f72"
          opacity="0.75"
        />
        <path d="M0 210C140 170 250 180 380 200S620 150 760 180S920 170 1000 160V300H0Z" fill="#34305a" />
      </svg>
      <svg className="slot-scene__pagoda" viewBox="0 0 100 180" preserveAspectRatio="xMidYMax meet">
        <g fill="#231f40">
          <path d="M20 180V120H80V180Z" />
          <path d="M6 124L50 100L94 124Z" />
          <path d="M26 102V80H74V102Z" />
          <path d="M12 84L50 60L88 84Z" />
          <path d="M32 62V46H68V62Z" />
          <path d="M20 48L50 24L80 48Z" />
          <path d="M49 24V4H51V24Z" />
        </g>
        <g fill="#ffcf7a" opacity="0.75">
          <rect x="44" y="140" width="12" height="16" rx="2" />
          <rect x="46" y="86" width="8" height="10" rx="2" />
        </g>
      </svg>
      <svg
        className="slot-scene__willow slot-scene__willow--left"
        viewBox="0 0 200 400"
        preserveAspectRatio="xMinYMin meet"
      >
        <WillowBranch count={12} x0={10} step={13} length={[140, 53, 170]} />
      </svg>
      <svg
        className="slot-scene__willow slot-scene__willow--right"
        viewBox="0 0 200 400"
        preserveAspectRatio="xMaxYMin meet"
      >
        <g transform="translate(200 0) scale(-1 1)">
          <WillowBranch count={10} x0={12} step={14} length={[120, 71, 150]} />
        </g>
      </svg>
      <div className="slot-scene__pond">
        <svg viewBox="0 0 1000 260" preserveAspectRatio="xMidYMax slice">
          <defs>
            <RGrad
              id={`${P}-pad`}
              colors={['#6fcf7a', [0.7, '#2f7d4a'], [1, '#1b4d30']]}
              cx={0.5}
              cy={0.4}
              r={0.7}
            />
            <VGrad id={`${P}-bloom`} colors={['#fff2f8', [0.5, '#ff9fca'], [1, '#c9407c']]} />
          </defs>
          <path d="M0 40H1000" stroke="#ffd9a8" strokeOpacity="0.35" strokeWidth="2" />
          <path
            d="M380 70H620M420 90H580M450 110H550"
            stroke="#ffe7b8"
            strokeOpacity="0.35"
            strokeWidth="3"
            strokeLinecap="round"
          />
          {[
            [90, 150, 80],
            [250, 210, 60],
            [720, 170, 90],
            [900, 220, 70],
            [520, 235, 50],
          ].map(([x, y, r]) => (
            <path
              key={x}
              d={`M${x! - r!} ${y}a${r} ${r! * 0.35} 0 1 0 ${r! * 2} 0a${r} ${r! * 0.35} 0 1 0 -${r! * 2} 0Z`}
              fill={`url(#${P}-pad)`}
              stroke="#15402a"
              strokeWidth="2"
            />
          ))}
          <Lotus x={110} y={150} scale={1.25} back={`url(#${P}-bloom)`} front={`url(#${P}-bloom)`} />
          <Lotus x={735} y={168} scale={1.45} back={`url(#${P}-bloom)`} front={`url(#${P}-bloom)`} />
          <Lotus x={905} y={215} scale={0.95} back={`url(#${P}-bloom)`} front={`url(#${P}-bloom)`} />
        </svg>
      </div>
      <div className="slot-scene__fireflies">
        {Array.from({ length: 14 }, (_, i) => (
          <span
            key={i}
            style={{
              left: `${(i * 37) % 100}%`,
              top: `${20 + ((i * 53) % 60)}%`,
              animationDelay: `${(i * 0.7) % 5}s`,
            }}
          />
        ))}
      </div>
    </div>
  );
}

export const jadeLotus = slotTheme({
  key: 'jade',
  prefix: P,
  shadow: 'rgba(10,30,25,0.55)',
  gradients: {
    jade: { d: ['#d8ffe9', '#64d8a0', '#1f9b68', '#0a5a3c'] },
    jadeRad: { r: ['#ecfff4', [0.35, '#78e4b0'], [0.75, '#1d9061'], [1, '#0a4a32']] },
    gold: { v: ['#fff8c8', [0.4, '#f6d35f'], [0.75, '#c8921e'], [1, '#7c520b']] },
    petal: { v: ['#fff6fb', [0.45, '#ffb0d4'], [1, '#de4c8c']] },
    petalBack: { v: ['#ffc8e1', [1, '#b93272']] },
    leaf: { r: ['#a2eb9a', [0.55, '#3c9b5c'], [1, '#175233']], at: [0.5, 0.3, 0.8] },
    koi: { v: ['#ffffff', '#f3ece2'] },
    koiOrange: { v: ['#ffb35e', [0.55, '#f45d14'], [1, '#c9350a']] },
    fin: { v: ['rgba(255,190,120,0.95)', 'rgba(245,100,30,0.55)'] },
    wing: { v: ['rgba(235,252,255,0.95)', 'rgba(130,205,255,0.45)'] },
    teal: { v: ['#7ff3e2', [0.5, '#23a8a0'], [1, '#0c5a62']] },
    eye: { r: ['#b6ffd8', [0.6, '#1db37a'], [1, '#07452c']] },
    moon: { r: ['#fffff4', [0.55, '#fff0b5'], [1, '#f0c05a']], at: [0.42, 0.38, 0.65] },
    moonGlow: {
      r: ['rgba(255,236,170,0.85)', [0.6, 'rgba(255,214,140,0.25)'], [1, 'rgba(255,214,140,0)']],
      at: [0.5, 0.5, 0.5],
    },
    red: { v: ['#ff6a5c', [0.55, '#d2232f'], [1, '#86101a']] },
    ribbonTeal: { v: ['#3fd0c0', [0.5, '#138c86'], [1, '#0a4f52']] },
    shine: { v: ['rgba(255,255,255,0.75)', 'rgba(255,255,255,0)'] },
    royalDisc: {
      r: ['rgba(120,230,180,0.28)', [0.7, 'rgba(40,150,110,0.16)'], [1, 'rgba(20,90,70,0)']],
      at: [0.5, 0.45, 0.55],
    },
  },
  Symbols,
  royals: {
    colors: {
      A: ['#ffe3dc', '#ff8a78', '#c2353a'],
      K: ['#e0ffee', '#47cc8c', '#0c6a45'],
      Q: ['#f5e8ff', '#b892f2', '#633cb0'],
      J: ['#e4f9ff', '#5fcbea', '#1c78a2'],
      T: ['#fff5d0', '#f6bd50', '#ad6a10'],
    },
    outline: '#143a2e',
    rim: '#fff6d6',
    backdrop: (
      <>
        <circle cx="50" cy="50" r="41" fill={`url(#${P}-royalDisc)`} />
        <circle cx="50" cy="50" r="41" fill="none" stroke="#f6d35f" strokeOpacity="0.4" strokeWidth="1.2" />
        {[0, 45, 90, 135, 180, 225, 270, 315].map((a) => (
          <path
            key={a}
            d={PETAL}
            transform={`translate(50 50) rotate(${a}) translate(0 -31) scale(0.22)`}
            fill="#f6d35f"
            opacity="0.4"
          />
        ))}
      </>
    ),
  },
  Scene,
  lineColors: [
    '#ffd166',
    '#7bdff2',
    '#ff8fab',
    '#b8f28c',
    '#f7aef8',
    '#ffb86b',
    '#9bf6ff',
    '#caffbf',
    '#fdffb6',
    '#ffc6ff',
    '#a0c4ff',
    '#ffadad',
    '#80ffdb',
    '#ffd6a5',
    '#c3aed6',
    '#f6bd60',
    '#84dcc6',
    '#f28482',
    '#e0aaff',
    '#b5e48c',
  ],
});
