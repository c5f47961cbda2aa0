import { Banner, RGrad, slotTheme, Sparkle, VGrad } from './theme.tsx';

/*
 * Tiger Fortune: a festive new-year hall in red and gold. A tiger, gold ingots, lucky coins and red
 * lanterns; the royals are enamelled in bright colours inside thick gold rims.
 */

const P = 'tf';

/** An auspicious cloud (xiangyun) in a 100 x 50 box: its lobes, then the curls drawn inside them. */
const CLOUD_BODY =
  'M10 42C1 42 1 29 10 27C8 16 21 10 29 16C33 3 53 1 59 14C67 7 81 11 81 23C91 22 96 35 89 42Z';
const CLOUD_CURLS =
  'M31 33C29 26 37 22 41 27C44 31 39 35 36 32M57 29C55 21 65 18 68 24C70 29 64 32 61 28M15 36C13 32 18 28 21 32M89 42C97 43 99 50 92 50';

/** The festive ornament of the theme: a cloud outlined in gold (filled when `fill` is given). */
function Cloud({
  x,
  y,
  s,
  stroke,
  fill,
  width = 2,
}: {
  x: number;
  y: number;
  s: number;
  stroke: string;
  fill?: string;
  width?: number;
}) {
  return (
    <g transform={`translate(${x} ${y}) scale(${s})`}>
      <path
        d={CLOUD_BODY}
        fill={fill ?? 'none'}
        stroke={stroke}
        strokeWidth={width / s}
        strokeLinejoin="round"
      />
      <path d={CLOUD_CURLS} fill="none" stroke={stroke} strokeWidth={width / s} strokeLinecap="round" />
    </g>
  );
}

function Lantern({
  x,
  y,
  s = 1,
  body,
  gold,
}: {
  x: number;
  y: number;
  s?: number;
  body: string;
  gold: string;
}) {
  return (
    <g transform={`translate(${x} ${y}) scale(${s})`}>
      <path d="M0-46V-38" stroke="#6b3d00" strokeWidth="2" />
      <rect x="-11" y="-39" width="22" height="7" rx="2" fill={gold} stroke="#7a4b00" strokeWidth="1" />
      <ellipse cx="0" cy="0" rx="32" ry="33" fill={body} stroke="#6e0808" strokeWidth="1.6" />
      <path
        d="M0-33V33M-16-29C-24-10-24 10-16 29M16-29C24-10 24 10 16 29M-28-15C-32 0-32 0-28 15M28-15C32 0 32 0 28 15"
        stroke="#f2b33d"
        strokeOpacity="0.8"
        strokeWidth="1.3"
        fill="none"
      />
      <ellipse cx="-11" cy="-14" rx="9" ry="13" fill="#fff" opacity="0.22" />
      <rect x="-11" y="31" width="22" height="7" rx="2" fill={gold} stroke="#7a4b00" strokeWidth="1" />
      <circle cx="0" cy="42" r="3" fill={gold} />
      <path d="M-5 44H5L8 60H-8Z" fill="#e8232f" />
      <path d="M-3 46L-5 59M0 46V60M3 46L5 59" stroke="#ffb0a0" strokeWidth="0.7" />
    </g>
  );
}

function Coin({
  x,
  y,
  r,
  rot = 0,
  gold,
  dark,
}: {
  x: number;
  y: number;
  r: number;
  rot?: number;
  gold: string;
  dark: string;
}) {
  const h = r * 0.26;
  return (
    <g transform={`translate(${x} ${y}) rotate(${rot})`}>
      <path
        fillRule="evenodd"
        d={`M${-r} 0a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0ZM${-h} ${-h}H${h}V${h}H${-h}Z`}
        fill={gold}
        stroke={dark}
        strokeWidth={r * 0.06}
      />
      <circle r={r * 0.8} fill="none" stroke={dark} strokeOpacity="0.55" strokeWidth={r * 0.05} />
      <rect
        x={-h * 1.45}
        y={-h * 1.45}
        width={h * 2.9}
        height={h * 2.9}
        fill="none"
        stroke={dark}
        strokeOpacity="0.55"
        strokeWidth={r * 0.05}
      />
    </g>
  );
}

function Symbols() {
  return (
    <>
      {/* H1: the tiger's face, with the forehead's king mark. */}
      <symbol id={`${P}-H1`} viewBox="0 0 100 100">
        <g filter={`url(#${P}-shadow)`}>
          <circle cx="22" cy="22" r="12" fill={`url(#${P}-fur)`} stroke="#3b1600" strokeWidth="2" />
          <circle cx="78" cy="22" r="12" fill={`url(#${P}-fur)`} stroke="#3b1600" strokeWidth="2" />
          <circle cx="22" cy="23" r="6" fill="#2a1200" />
          <circle cx="78" cy="23" r="6" fill="#2a1200" />
          <path
            d="M50 13C75 13 91 29 91 50C91 60 88 67 83 73L90 80L75 80C68 88 59 93 50 93C41 93 32 88 25 80L10 80L17 73C12 67 9 60 9 50C9 29 25 13 50 13Z"
            fill={`url(#${P}-fur)`}
            stroke="#3b1600"
            strokeWidth="2.2"
            strokeLinejoin="round"
          />
          <g fill="#241000">
            <path d="M9 47C16 46 24 47 29 43C24 50 16 52 10 53Z" />
            <path d="M10 60C18 58 25 58 30 53C27 61 19 64 12 65Z" />
            <path d="M15 72C21 69 27 68 31 63C30 71 24 74 18 76Z" />
            <path d="M91 47C84 46 76 47 71 43C76 50 84 52 90 53Z" />
            <path d="M90 60C82 58 75 58 70 53C73 61 81 64 88 65Z" />
            <path d="M85 72C79 69 73 68 69 63C70 71 76 74 82 76Z" />
            <path d="M41 22H59L57 25H43ZM39 29H61L59 32H41ZM41 36H59L57 39H43ZM48 20H52V38H48Z" />
            <path d="M26 24C30 28 33 32 33 37C29 34 26 30 26 24ZM74 24C70 28 67 32 67 37C71 34 74 30 74 24Z" />
          </g>
          <ellipse cx="35" cy="41" rx="9" ry="4.5" fill={`url(#${P}-cream)`} />
          <ellipse cx="65" cy="41" rx="9" ry="4.5" fill={`url(#${P}-cream)`} />
          <path
            d="M28 49Q36 42 45 49Q36 55 28 49Z"
            fill={`url(#${P}-eye)`}
            stroke="#1d0c00"
            strokeWidth="1.8"
          />
          <path
            d="M72 49Q64 42 55 49Q64 55 72 49Z"
            fill={`url(#${P}-eye)`}
            stroke="#1d0c00"
            strokeWidth="1.8"
          />
          <ellipse cx="36.5" cy="49" rx="1.6" ry="4" fill="#111" />
          <ellipse cx="63.5" cy="49" rx="1.6" ry="4" fill="#111" />
          <circle cx="35" cy="47.5" r="1" fill="#fff" />
          <circle cx="62" cy="47.5" r="1" fill="#fff" />
          <ellipse cx="40" cy="67" rx="12.5" ry="10" fill={`url(#${P}-cream)`} />
          <ellipse cx="60" cy="67" rx="12.5" ry="10" fill={`url(#${P}-cream)`} />
          <ellipse cx="50" cy="79" rx="10" ry="7" fill={`url(#${P}-cream)`} />
          <path
            d="M42 56H58Q58 62 50 66Q42 62 42 56Z"
            fill="#e76a7c"
            stroke="#3b1600"
            strokeWidth="1.5"
            strokeLinejoin="round"
          />
          <path
            d="M50 66V71M50 71Q45 76 39 72M50 71Q55 76 61 72"
            fill="none"
            stroke="#3b1600"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
          {[
            [36, 64],
            [32, 68],
            [38, 70],
            [64, 64],
            [68, 68],
            [62, 70],
          ].map(([x, y]) => (
            <circle key={`${x}-${y}`} cx={x} cy={y} r="1.1" fill="#5b3200" />
          ))}
          <path
            d="M28 68L8 64M28 71L9 72M72 68L92 64M72 71L91 72"
            stroke="#fff"
            strokeWidth="0.9"
            opacity="0.85"
          />
        </g>
      </symbol>

      {/* H2: a gold ingot (yuanbao), glittering. */}
      <symbol id={`${P}-H2`} viewBox="0 0 100 100">
        <g filter={`url(#${P}-shadow)`}>
          <ellipse cx="50" cy="86" rx="38" ry="6" fill="#000" opacity="0.25" />
          <path d="M28 58C30 30 70 30 72 58Z" fill={`url(#${P}-goldR)`} stroke="#7a4a05" strokeWidth="1.6" />
          <ellipse cx="43" cy="44" rx="7" ry="5" fill="#fff" opacity="0.55" />
          <path
            d="M6 46C18 42 26 50 30 58H70C74 50 82 42 94 46C92 72 74 84 50 84C26 84 8 72 6 46Z"
            fill={`url(#${P}-gold)`}
            stroke="#7a4a05"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
          <path
            d="M12 50C20 50 26 56 30 62H70C74 56 80 50 88 50"
            fill="none"
            stroke="#fff7c8"
            strokeWidth="1.6"
            opacity="0.9"
          />
          <path d="M20 66C30 76 70 76 80 66" fill="none" stroke="#8a5608" strokeWidth="1.2" opacity="0.6" />
          <Sparkle x={78} y={26} r={8} />
          <Sparkle x={20} y={32} r={5} />
          <Sparkle x={60} y={70} r={4} opacity={0.8} />
        </g>
      </symbol>

      {/* H3: a lucky coin on a red cord. */}
      <symbol id={`${P}-H3`} viewBox="0 0 100 100">
        <g filter={`url(#${P}-shadow)`}>
          <path d="M50 2V16" stroke="#d7141f" strokeWidth="3.5" strokeLinecap="round" />
          <Coin x={50} y={50} r={36} gold={`url(#${P}-goldD)`} dark="#6e4203" />
          {[0, 90, 180, 270].map((a) => (
            <g key={a} transform={`translate(50 50) rotate(${a}) translate(0 -21)`}>
              <path d="M-5 3C-5-3 5-3 5 3C2 1-2 1-5 3Z" fill="#8a5608" opacity="0.75" />
              <circle cx="0" cy="-2" r="1.4" fill="#8a5608" opacity="0.75" />
            </g>
          ))}
          <path d="M50 16L50 41" stroke="#d7141f" strokeWidth="3" />
          <path d="M44 40H56V60H44Z" fill="none" stroke="#d7141f" strokeWidth="2.5" />
          <path d="M50 60V84" stroke="#d7141f" strokeWidth="3" />
          <path d="M44 86H56L60 99H40Z" fill={`url(#${P}-red)`} />
          <circle cx="50" cy="86" r="3.2" fill={`url(#${P}-gold)`} />
          <ellipse cx="33" cy="30" rx="10" ry="5" transform="rotate(-35 33 30)" fill="#fff" opacity="0.5" />
        </g>
      </symbol>

      {/* H4: a red paper lantern, glowing. */}
      <symbol id={`${P}-H4`} viewBox="0 0 100 100">
        <circle cx="50" cy="50" r="44" fill={`url(#${P}-burst)`} opacity="0.45" />
        <g filter={`url(#${P}-shadow)`}>
          <Lantern x={50} y={48} s={1.08} body={`url(#${P}-lantern)`} gold={`url(#${P}-gold)`} />
        </g>
      </symbol>

      {/* W: a gold-rimmed red medallion with a tiger's paw and a gold WILD banner. */}
      <symbol id={`${P}-W`} viewBox="0 0 100 100">
        <g filter={`url(#${P}-shadow)`}>
          {Array.from({ length: 12 }, (_, i) => (
            <path
              key={i}
              d="M50 3L55 14H45Z"
              fill={`url(#${P}-gold)`}
              transform={`rotate(${i * 30} 50 46)`}
            />
          ))}
          <circle
            cx="50"
            cy="46"
            r="36"
            fill={`url(#${P}-wildRed)`}
            stroke={`url(#${P}-gold)`}
            strokeWidth="5"
          />
          <circle cx="50" cy="46" r="29" fill="none" stroke="#ffd95a" strokeOpacity="0.6" strokeWidth="1.2" />
          <g fill={`url(#${P}-gold)`} stroke="#7a4a05" strokeWidth="1">
            <ellipse cx="50" cy="50" rx="12" ry="10" />
            <ellipse cx="35" cy="38" rx="5" ry="6.5" transform="rotate(-20 35 38)" />
            <ellipse cx="45" cy="31" rx="5" ry="6.5" transform="rotate(-6 45 31)" />
            <ellipse cx="55" cy="31" rx="5" ry="6.5" transform="rotate(6 55 31)" />
            <ellipse cx="65" cy="38" rx="5" ry="6.5" transform="rotate(20 65 38)" />
          </g>
          <Banner
            text="WILD"
            top={66}
            fill={`url(#${P}-gold)`}
            stroke="#7a4a05"
            strokeWidth={1.8}
            label={{ y: 86, width: 66, size: 22, fill: '#c8101c', outline: '#fff4c0' }}
          />
        </g>
      </symbol>

      {/* S: a bundle of firecrackers bursting, with a red SCATTER banner. */}
      <symbol id={`${P}-S`} viewBox="0 0 100 100">
        <circle cx="62" cy="24" r="30" fill={`url(#${P}-burst)`} />
        {Array.from({ length: 10 }, (_, i) => (
          <path
            key={i}
            d="M62 24L64 2L60 2Z"
            fill="#fff3a0"
            opacity="0.8"
            transform={`rotate(${i * 36} 62 24)`}
          />
        ))}
        <g filter={`url(#${P}-shadow)`}>
          <path d="M52 28C56 22 58 20 62 24" stroke="#5b3200" strokeWidth="1.6" fill="none" />
          {[
            { x: 28, r: -14 },
            { x: 40, r: -5 },
            { x: 52, r: 5 },
            { x: 64, r: 14 },
          ].map((c, i) => (
            <g key={i} transform={`rotate(${c.r} 50 70)`}>
              <rect
                x={c.x - 6}
                y={28 + (i % 2) * 4}
                width="12"
                height="40"
                rx="2.5"
                fill={`url(#${P}-crackerRed)`}
                stroke="#5c0309"
                strokeWidth="1"
              />
              <rect x={c.x - 6} y={34 + (i % 2) * 4} width="12" height="3" fill={`url(#${P}-gold)`} />
              <rect x={c.x - 6} y={60 + (i % 2) * 4} width="12" height="3" fill={`url(#${P}-gold)`} />
              <rect x={c.x - 3} y={30 + (i % 2) * 4} width="2.5" height="36" fill="#fff" opacity="0.3" />
            </g>
          ))}
          <Sparkle x={62} y={24} r={9} fill="#fffbe0" />
          <Banner
            text="SCATTER"
            top={68}
            fill={`url(#${P}-red)`}
            stroke={`url(#${P}-gold)`}
            strokeWidth={2.4}
            label={{ y: 86.5, width: 74, size: 16, fill: '#ffe27a', outline: '#4a0206' }}
          />
        </g>
      </symbol>
    </>
  );
}

/** A festive hall: a red sunburst, swinging lanterns, gold clouds and coins. */
function Scene() {
  return (
    <div className="slot-scene slot-scene--tiger" aria-hidden="true">
      <div className="slot-scene__rays" />
      <svg className="slot-scene__defs" width="0" height="0">
        <defs>
          <VGrad id={`${P}-sceneGold`} colors={['#fff4b0', [0.5, '#f2bb3a'], [1, '#9a6408']]} />
          <RGrad
            id={`${P}-sceneLantern`}
            colors={['#ffd27a', [0.25, '#ff5d3f'], [0.7, '#d21a22'], [1, '#6f0a0c']]}
            cx={0.45}
            cy={0.45}
            r={0.65}
          />
        </defs>
      </svg>
      <svg className="slot-scene__lantern slot-scene__lantern--left" viewBox="-40 -120 80 190">
        <path d="M0-120V-46" stroke="#3a0a00" strokeWidth="2" />
        <Lantern x={0} y={0} body={`url(#${P}-sceneLantern)`} gold={`url(#${P}-sceneGold)`} />
      </svg>
      <svg className="slot-scene__lantern slot-scene__lantern--right" viewBox="-40 -120 80 190">
        <path d="M0-120V-46" stroke="#3a0a00" strokeWidth="2" />
        <Lantern x={0} y={0} body={`url(#${P}-sceneLantern)`} gold={`url(#${P}-sceneGold)`} />
      </svg>
      <svg className="slot-scene__clouds" viewBox="0 0 1000 1000" preserveAspectRatio="xMidYMid slice">
        <g opacity="0.4">
          <Cloud
            x={-30}
            y={230}
            s={2.6}
            stroke={`url(#${P}-sceneGold)`}
            fill="rgba(120,0,10,0.35)"
            width={3}
          />
          <Cloud
            x={760}
            y={300}
            s={2.4}
            stroke={`url(#${P}-sceneGold)`}
            fill="rgba(120,0,10,0.35)"
            width={3}
          />
          <Cloud x={60} y={700} s={2} stroke={`url(#${P}-sceneGold)`} fill="rgba(120,0,10,0.35)" width={3} />
          <Cloud
            x={740}
            y={780}
            s={2.8}
            stroke={`url(#${P}-sceneGold)`}
            fill="rgba(120,0,10,0.35)"
            width={3}
          />
        </g>
      </svg>
      <svg className="slot-scene__coins" viewBox="0 0 1000 200" preserveAspectRatio="xMidYMax slice">
        {[
          [60, 150, 40, -20],
          [140, 175, 30, 15],
          [880, 160, 44, 25],
          [950, 185, 28, -10],
          [800, 185, 24, 40],
        ].map(([x, y, r, rot]) => (
          <Coin key={x} x={x!} y={y!} r={r!} rot={rot} gold={`url(#${P}-sceneGold)`} dark="#6e4203" />
        ))}
      </svg>
    </div>
  );
}

export const tigerFortune = slotTheme({
  key: 'tiger',
  prefix: P,
  shadow: 'rgba(60,0,0,0.6)',
  gradients: {
    gold: { v: ['#fffbd0', [0.35, '#ffd95a'], [0.7, '#e0a020'], [1, '#8a5608']] },
    goldD: { d: ['#fff6c0', [0.4, '#f7c948'], [0.8, '#c07d10'], [1, '#7a4a05']] },
    goldR: { r: ['#fffbe0', [0.4, '#ffd659'], [0.85, '#d18f12'], [1, '#7a4a05']] },
    fur: { r: ['#ffd083', [0.45, '#ff9a2e'], [0.85, '#d9620a'], [1, '#8f3a00']], at: [0.5, 0.45, 0.6] },
    cream: { v: ['#ffffff', '#f4e6cf'] },
    eye: { r: ['#f8ff9a', [0.6, '#b7dd2a'], [1, '#5f8a06']], at: [0.5, 0.5, 0.6] },
    red: { v: ['#ff7a6a', [0.45, '#e0232f'], [1, '#7d0a12']] },
    lantern: { r: ['#ffd27a', [0.25, '#ff5d3f'], [0.7, '#d21a22'], [1, '#6f0a0c']], at: [0.45, 0.45, 0.65] },
    burst: {
      r: ['rgba(255,250,200,1)', [0.35, 'rgba(255,210,80,0.85)'], [1, 'rgba(255,150,0,0)']],
      at: [0.5, 0.5, 0.5],
    },
    crackerRed: { v: ['#ff6b5b', [0.5, '#d7141f'], [1, '#820810']] },
    wildRed: { v: ['#ff4a3d', [0.6, '#b80c18'], [1, '#5c0309']] },
  },
  Symbols,
  royals: {
    colors: {
      A: ['#ffd2cc', '#ff4d4d', '#9c0d16'],
      K: ['#d4e4ff', '#3f7cff', '#132f96'],
      Q: ['#f6d3ff', '#c24bff', '#5d118f'],
      J: ['#d6ffd8', '#2fc55a', '#0b6325'],
      T: ['#ffe7c4', '#ff9a1f', '#a34a00'],
    },
    outline: '#ffd659',
    rim: '#fffbe0',
    size: 66,
    backdrop: (
      <>
        <g opacity="0.35">
          <Cloud x={2} y={74} s={0.3} stroke="#ffd95a" width={1.4} />
          <Cloud x={68} y={4} s={0.28} stroke="#ffd95a" width={1.4} />
        </g>
      </>
    ),
  },
  Scene,
  lineColors: [
    '#ffe066',
    '#4dd6ff',
    '#7dff8a',
    '#ff9ff3',
    '#ffffff',
    '#ffb347',
    '#a29bfe',
    '#55efc4',
    '#fd79a8',
    '#fab1a0',
    '#81ecec',
    '#ffeaa7',
    '#74b9ff',
    '#e17055',
    '#00cec9',
    '#f8c291',
    '#badc58',
    '#c7ecee',
    '#e056fd',
    '#f6e58d',
  ],
});
