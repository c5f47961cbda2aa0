import type { SVGProps } from 'react';
import { Banner, slotTheme, Sparkle, VGrad } from './theme.tsx';

/*
 * Dragon Pearl: a storm at night. The dragon, its flaming pearl, silver clouds and lightning; the
 * royals are cold metal with an electric glow.
 */

const P = 'dp';

const BOLT = 'M58 6L28 52H47L37 94L74 40H54L66 6Z';

/** The eight trigrams of the bagua, as broken (0) or whole (1) bars, outermost first. */
const TRIGRAMS = [
  [1, 1, 1],
  [0, 1, 1],
  [1, 0, 1],
  [0, 0, 1],
  [1, 1, 0],
  [0, 1, 0],
  [1, 0, 0],
  [0, 0, 0],
] as const;

function Octagon({ r, ...rest }: { r: number } & SVGProps<SVGPolygonElement>) {
  const points = Array.from({ length: 8 }, (_, i) => {
    const a = ((i + 0.5) / 8) * Math.PI * 2 - Math.PI / 2;
    return `${(50 + Math.cos(a) * r).toFixed(2)},${(48 + Math.sin(a) * r).toFixed(2)}`;
  }).join(' ');
  return <polygon points={points} {...rest} />;
}

function Symbols() {
  return (
    <>
      {/* H1: the dragon's head in profile, jaws open, gold antlers and a fiery mane. */}
      <symbol id={`${P}-H1`} viewBox="0 0 100 100">
        <g filter={`url(#${P}-shadow)`}>
          <g fill={`url(#${P}-flame)`} stroke="#7a0c08" strokeWidth="1">
            <path d="M30 26C20 20 14 10 18 1C22 11 28 14 34 16C30 8 34 2 40 0C40 8 44 14 48 19Z" />
            <path d="M24 42C11 40 4 32 3 22C10 29 16 32 25 32Z" />
            <path d="M20 60C8 61 1 55-1 45C7 50 14 52 22 50Z" />
            <path d="M20 78C9 80 2 76-1 67C7 70 14 71 21 68Z" />
          </g>
          <path
            d="M26 32C15 50 13 74 21 100H53C45 82 44 68 52 57Z"
            fill={`url(#${P}-scales)`}
            stroke="#042c30"
            strokeWidth="1.4"
          />
          <path d="M46 62C40 74 40 86 44 100H53C46 84 46 72 52 60Z" fill={`url(#${P}-belly)`} opacity="0.9" />
          <path d="M43 70H51M42 78H49M42 86H49M43 94H50" stroke="#b08a3a" strokeWidth="1" />
          <path
            d="M26 50q5 3 10 0M24 60q5 3 10 0M24 70q5 3 10 0M25 80q5 3 10 0M28 90q5 3 10 0M34 42q5 3 10 0"
            fill="none"
            stroke="#0b5a56"
            strokeWidth="1.2"
          />
          <path
            d="M40 26C32 17 22 12 9 7C19 14 27 21 33 30Z"
            fill="#b9801a"
            stroke="#5e3a04"
            strokeWidth="1"
          />
          <path
            d="M45 24C37 15 27 9 14 3C24 11 32 18 38 28Z"
            fill={`url(#${P}-gold)`}
            stroke="#5e3a04"
            strokeWidth="1"
          />
          <path
            d="M27 12C25 6 26 3 30-1C31 5 31 9 33 14Z"
            fill={`url(#${P}-gold)`}
            stroke="#5e3a04"
            strokeWidth="0.8"
          />
          <path d="M57 51L86 48L85 60L54 58Z" fill="#4a060c" />
          <path
            d="M60 51L62 55L64 51ZM67 50.5L69 54.5L71 50.5ZM74 50L76 54L78 50ZM64 58L66 54L68 58ZM71 58.5L73 54.5L75 58.5Z"
            fill="#fff"
          />
          <path
            d="M52 57C62 56 73 57 84 59C89 60 89 65 84 67C73 69 61 69 52 66Z"
            fill={`url(#${P}-scales)`}
            stroke="#042c30"
            strokeWidth="1.4"
          />
          <path
            d="M25 34C29 21 45 16 60 22C68 25 76 29 87 31C95 32 98 38 96 43C94 47 89 49 82 49L58 51C45 53 32 50 25 34Z"
            fill={`url(#${P}-scales)`}
            stroke="#042c30"
            strokeWidth="1.5"
            strokeLinejoin="round"
          />
          <path d="M49 29C55 21 64 21 71 26L67 28C62 25 56 25 52 31Z" fill="#0b4e4c" />
          <path
            d="M54 33Q60 27 67 31Q60 36 54 33Z"
            fill={`url(#${P}-eye)`}
            stroke="#1a0500"
            strokeWidth="1.2"
          />
          <ellipse cx="60.5" cy="32" rx="1" ry="2.8" fill="#111" />
          <circle cx="88" cy="37" r="1.9" fill="#042c30" />
          <path
            d="M64 40C70 38 78 38 86 40"
            fill="none"
            stroke="#c7fff0"
            strokeOpacity="0.7"
            strokeWidth="1.4"
            strokeLinecap="round"
          />
          <path
            d="M56 66L58 77L62 69L66 80L70 69L74 77L76 67Z"
            fill={`url(#${P}-flame)`}
            stroke="#7a0c08"
            strokeWidth="0.8"
          />
          <path
            d="M93 36C99 26 92 18 99 9M90 46C98 56 91 70 99 82"
            fill="none"
            stroke={`url(#${P}-gold)`}
            strokeWidth="2"
            strokeLinecap="round"
          />
        </g>
      </symbol>

      {/* H2: the flaming pearl. */}
      <symbol id={`${P}-H2`} viewBox="0 0 100 100">
        <g filter={`url(#${P}-shadow)`}>
          <path
            d="M50 97C20 92 12 64 24 42C27 52 32 56 36 57C30 40 36 21 50 4C50 20 57 29 62 37C64 29 70 24 77 19C72 33 80 44 80 55C85 50 87 45 87 38C96 62 84 93 50 97Z"
            fill={`url(#${P}-flameR)`}
            stroke="#9a1a0c"
            strokeWidth="1.2"
          />
          <path
            d="M50 90C32 86 28 70 34 58C40 64 44 60 44 50C52 58 58 52 58 44C66 54 72 62 68 74C66 84 60 88 50 90Z"
            fill="#ffe27a"
            opacity="0.65"
          />
          <circle cx="50" cy="64" r="23" fill={`url(#${P}-pearl)`} stroke="#5a46c0" strokeWidth="1.2" />
          <ellipse cx="42" cy="55" rx="8" ry="5" transform="rotate(-30 42 55)" fill="#fff" opacity="0.85" />
          <path
            d="M36 74C44 82 58 82 66 72"
            fill="none"
            stroke="#fff"
            strokeOpacity="0.5"
            strokeWidth="1.6"
          />
          <Sparkle x={70} y={50} r={5} />
        </g>
      </symbol>

      {/* H3: an auspicious silver cloud with gold curls. */}
      <symbol id={`${P}-H3`} viewBox="0 0 100 100">
        <g filter={`url(#${P}-shadow)`}>
          <path
            d="M14 72C4 72 4 56 16 55C14 42 30 36 38 44C40 28 62 24 68 40C78 32 94 40 88 54C98 56 98 72 86 72Z"
            fill={`url(#${P}-cloud)`}
            stroke={`url(#${P}-gold)`}
            strokeWidth="2.6"
            strokeLinejoin="round"
          />
          <g fill="none" stroke={`url(#${P}-gold)`} strokeWidth="2.2" strokeLinecap="round">
            <path d="M30 62C24 62 22 54 28 52C33 51 35 57 31 58" />
            <path d="M56 54C48 54 46 43 54 41C61 40 63 48 57 50" />
            <path d="M76 62C70 62 69 55 74 54C78 53 80 58 76 59" />
            <path d="M14 80C30 80 34 86 50 86S72 80 88 80" />
            <path d="M24 90C34 90 40 94 52 94" />
          </g>
          <ellipse cx="42" cy="44" rx="9" ry="4" transform="rotate(-20 42 44)" fill="#fff" opacity="0.7" />
        </g>
      </symbol>

      {/* H4: a storm crystal struck by lightning. */}
      <symbol id={`${P}-H4`} viewBox="0 0 100 100">
        <circle cx="50" cy="50" r="48" fill={`url(#${P}-halo)`} />
        <g filter={`url(#${P}-shadow)`}>
          <path
            d="M50 5L86 27V73L50 95L14 73V27Z"
            fill={`url(#${P}-gem)`}
            stroke="#e3c4ff"
            strokeWidth="2"
            strokeLinejoin="round"
          />
          <path
            d="M50 5V50M86 27L50 50M86 73L50 50M50 95V50M14 73L50 50M14 27L50 50"
            stroke="#fff"
            strokeOpacity="0.25"
            strokeWidth="1.2"
          />
          <path d="M50 5L86 27L50 50L14 27Z" fill="#fff" opacity="0.16" />
          <path
            d={BOLT}
            fill={`url(#${P}-bolt)`}
            stroke="#fff"
            strokeWidth="1.6"
            strokeLinejoin="round"
            filter={`url(#${P}-glow)`}
          />
        </g>
      </symbol>

      {/* W: the dragon's eye in an obsidian octagon, with an electric WILD ribbon. */}
      <symbol id={`${P}-W`} viewBox="0 0 100 100">
        <g filter={`url(#${P}-shadow)`}>
          <Octagon
            r={44}
            fill={`url(#${P}-obsidian)`}
            stroke={`url(#${P}-gold)`}
            strokeWidth="4"
            strokeLinejoin="round"
          />
          <Octagon r={37} fill="none" stroke="#7ff1ff" strokeOpacity="0.5" strokeWidth="1.2" />
          <path
            d="M18 40Q50 12 82 40Q50 66 18 40Z"
            fill={`url(#${P}-eye)`}
            stroke="#1a0500"
            strokeWidth="2"
          />
          <path d="M50 22C46 30 46 50 50 58C54 50 54 30 50 22Z" fill="#0b0200" />
          <ellipse cx="40" cy="33" rx="5" ry="2.6" fill="#fff" opacity="0.8" />
          <path
            d="M14 36Q50 2 86 36"
            fill="none"
            stroke={`url(#${P}-gold)`}
            strokeWidth="2.4"
            strokeLinecap="round"
          />
          <Banner
            text="WILD"
            top={64}
            fill={`url(#${P}-electric)`}
            stroke={`url(#${P}-gold)`}
            strokeWidth={2.2}
            label={{ y: 84, width: 66, size: 22, fill: '#ffffff', outline: '#04164f' }}
          />
        </g>
      </symbol>

      {/* S: the bagua, eight trigrams around the yin and yang, with a violet SCATTER ribbon. */}
      <symbol id={`${P}-S`} viewBox="0 0 100 100">
        <g filter={`url(#${P}-shadow)`}>
          <Octagon
            r={45}
            fill={`url(#${P}-gold)`}
            stroke="#5e3a04"
            strokeWidth="1.6"
            strokeLinejoin="round"
          />
          <Octagon r={38} fill="#1d1030" stroke="#5e3a04" strokeWidth="1" />
          {TRIGRAMS.map((bars, i) => (
            <g key={i} transform={`rotate(${i * 45} 50 48)`}>
              {bars.map((whole, j) => {
                const y = 13.5 + j * 4.2;
                return whole ? (
                  <rect key={j} x="42" y={y} width="16" height="2.6" fill="#ffd45a" />
                ) : (
                  <g key={j} fill="#ffd45a">
                    <rect x="42" y={y} width="6.8" height="2.6" />
                    <rect x="51.2" y={y} width="6.8" height="2.6" />
                  </g>
                );
              })}
            </g>
          ))}
          <circle cx="50" cy="48" r="17" fill="#f4f0ff" stroke="#ffd45a" strokeWidth="1.6" />
          <path d="M50 31A17 17 0 0 1 50 65A8.5 8.5 0 0 1 50 48A8.5 8.5 0 0 0 50 31Z" fill="#14082a" />
          <circle cx="50" cy="39.5" r="2.6" fill="#14082a" />
          <circle cx="50" cy="56.5" r="2.6" fill="#f4f0ff" />
          <Banner
            text="SCATTER"
            top={70}
            height={21}
            fill={`url(#${P}-violet)`}
            stroke={`url(#${P}-gold)`}
            strokeWidth={2.2}
            label={{ y: 87.5, width: 74, size: 16, fill: '#fff1a8', outline: '#1a0640' }}
          />
        </g>
      </symbol>
    </>
  );
}

/** A storm at night: dark clouds, rain, lightning that flashes now and then, the pearl's glow. */
function Scene() {
  return (
    <div className="slot-scene slot-scene--dragon" aria-hidden="true">
      <div className="slot-scene__glow" />
      <svg className="slot-scene__storm" viewBox="0 0 1000 1000" preserveAspectRatio="xMidYMid slice">
        <defs>
          <VGrad id={`${P}-sceneCloud`} colors={['#2b3a6e', [1, '#0b1230']]} />
          <VGrad id={`${P}-sceneBolt`} colors={['#ffffff', [1, '#9fe8ff']]} />
        </defs>
        <g fill="#cfe0ff">
          {Array.from({ length: 40 }, (_, i) => (
            <circle
              key={i}
              cx={(i * 277) % 1000}
              cy={40 + ((i * 131) % 420)}
              r={i % 5 === 0 ? 2.2 : 1.2}
              opacity={0.35 + (i % 4) * 0.12}
            />
          ))}
        </g>
        <path
          d="M-20 1000V820L60 760L110 800L190 700L260 780L320 740L400 820L470 770L540 830L620 720L700 790L760 750L840 810L900 730L1020 800V1000Z"
          fill="#070c22"
          stroke="#3d5fb0"
          strokeOpacity="0.6"
          strokeWidth="3"
        />
        <g fill={`url(#${P}-sceneCloud)`} stroke="#6f8fe0" strokeOpacity="0.45" strokeWidth="3" opacity="0.9">
          <path d="M-40 160C20 80 140 90 180 140C220 70 360 70 400 150C460 110 560 130 570 190H-40Z" />
          <path d="M480 120C540 50 660 60 700 120C760 60 900 70 940 140C1000 120 1060 150 1060 200H470Z" />
          <path d="M-40 930C40 860 160 870 200 920C260 860 380 870 420 940H-40Z" opacity="0.8" />
          <path d="M600 950C660 880 780 880 820 930C880 880 1000 890 1060 950H600Z" opacity="0.8" />
        </g>
        <path
          className="slot-scene__bolt slot-scene__bolt--a"
          d="M180 160L140 280L175 280L120 420L230 250L190 250L230 160Z"
          fill={`url(#${P}-sceneBolt)`}
        />
        <path
          className="slot-scene__bolt slot-scene__bolt--b"
          d="M820 150L780 250L810 250L760 380L860 230L825 230L860 150Z"
          fill={`url(#${P}-sceneBolt)`}
        />
      </svg>
      <div className="slot-scene__rain" />
      <div className="slot-scene__flash" />
    </div>
  );
}

export const dragonPearl = slotTheme({
  key: 'dragon',
  prefix: P,
  shadow: 'rgba(0,0,10,0.75)',
  gradients: {
    scales: { d: ['#a6ffe9', [0.3, '#3fe0bd'], [0.7, '#128a7d'], [1, '#063a40']] },
    belly: { v: ['#fff6d8', '#e7c98a'] },
    gold: { v: ['#fffbd6', [0.4, '#ffd45a'], [0.75, '#d09018'], [1, '#7c4e06']] },
    flame: { v: ['#fff27a', [0.35, '#ffb02e'], [0.7, '#ff4a1c'], [1, '#a8100c']] },
    flameR: { r: ['#fff7b0', [0.35, '#ffc23a'], [0.7, '#ff5a1f'], [1, '#b8140e']], at: [0.5, 0.62, 0.6] },
    pearl: { r: ['#ffffff', [0.35, '#eef4ff'], [0.75, '#b7b2ff'], [1, '#6451d0']], at: [0.38, 0.34, 0.72] },
    cloud: { d: ['#ffffff', [0.45, '#c7dbff'], [1, '#5c79c9']] },
    gem: { d: ['#f0d0ff', [0.35, '#b05cff'], [0.75, '#5a1cb8'], [1, '#2a0a66']] },
    bolt: { v: ['#ffffff', [0.4, '#fff57a'], [1, '#ffb81c']] },
    eye: { r: ['#fffbd0', [0.35, '#ffd23a'], [0.8, '#ff6a00'], [1, '#8a1c00']], at: [0.5, 0.5, 0.55] },
    obsidian: { d: ['#3a4a78', [0.5, '#141b38'], [1, '#05070f']] },
    electric: { v: ['#7ff1ff', [0.5, '#1f8fff'], [1, '#0a2f9a']] },
    violet: { v: ['#c79bff', [0.5, '#6a2bd1'], [1, '#2b0c6b']] },
    halo: { r: ['rgba(130,220,255,0.55)', [1, 'rgba(130,220,255,0)']], at: [0.5, 0.5, 0.5] },
  },
  Symbols,
  royals: {
    colors: {
      A: ['#ffe0e6', '#ff3f64', '#7a0022'],
      K: ['#dff3ff', '#3fb0ff', '#0b3d99'],
      Q: ['#f1e2ff', '#a65cff', '#45128f'],
      J: ['#dcfff6', '#27d8b0', '#075e55'],
      T: ['#ffffff', '#c9d3e6', '#58647d'],
    },
    outline: '#060a1c',
    rim: '#c8f1ff',
    size: 66,
    backdrop: (
      <>
        <circle cx="50" cy="50" r="44" fill={`url(#${P}-halo)`} opacity="0.55" />
        <circle
          cx="50"
          cy="50"
          r="41"
          fill="none"
          stroke="#7ff1ff"
          strokeOpacity="0.35"
          strokeWidth="1.4"
          strokeDasharray="52 12"
          transform="rotate(-20 50 50)"
        />
      </>
    ),
  },
  Scene,
  lineColors: [
    '#7ff1ff',
    '#ffd45a',
    '#ff6b8b',
    '#b388ff',
    '#69f0ae',
    '#ff9e40',
    '#40c4ff',
    '#eeff41',
    '#ea80fc',
    '#64ffda',
  ],
});
