/**
 * The paths of the portal's own line icons (24 px grid), without React: `Icon` draws them, and the
 * early popups script (boot/popups-boot.ts) draws the popup's grip before the app has loaded.
 */
export const ICON_PATHS = {
  menu: 'M4 7h16M4 12h16M4 17h16',
  close: 'M6 6l12 12M18 6L6 18',
  grid: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z',
  globe:
    'M12 3a9 9 0 100 18 9 9 0 000-18zM3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z',
  // Deposit and withdraw read apart at a glance (issue 12): money going down into a wallet, and the
  // bank the money goes out to.
  deposit:
    'M4 9h15a2 2 0 012 2v7a2 2 0 01-2 2H5a2 2 0 01-2-2v-8a1 1 0 011-1zM16.5 14.5h.01M12 2v8.5M8.8 7.3l3.2 3.2 3.2-3.2',
  withdraw: 'M3 9.5L12 4l9 5.5M5 11v6M9.7 11v6M14.3 11v6M19 11v6M3 20h18',
  comp: 'M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4 6.8 19.1l1-5.8L3.5 9.2l5.9-.9z',
  user: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21c.8-4 4-6 8-6s7.2 2 8 6',
  help: 'M4 13a8 8 0 1116 0v4a2 2 0 01-2 2h-2v-6h4M4 13v4a2 2 0 002 2h2v-6H4',
  notice: 'M4 10v4h3l6 4V6L7 10H4zM17 9a4 4 0 010 6M19.5 6.5a8 8 0 010 11',
  note: 'M3 6h18v12H3zM3 6l9 7 9-7',
  logout: 'M14 4h5v16h-5M10 8l-4 4 4 4M6 12h10',
  login: 'M10 4H5v16h5M14 8l4 4-4 4M18 12H8',
  game: 'M6 8h12a4 4 0 014 4v1a4 4 0 01-7 2.6L14 14h-4l-1 1.6A4 4 0 012 13v-1a4 4 0 014-4zM8 10v4M6 12h4M15.5 11.5h.01M17.5 13.5h.01',
  home: 'M3 11l9-7 9 7M5 9.5V20h5v-6h4v6h5V9.5',
  warning: 'M12 3l10 18H2L12 3zM12 10v5M12 18h.01',
  info: 'M12 3a9 9 0 100 18 9 9 0 000-18zM12 11v6M12 7.5h.01',
  error: 'M12 3a9 9 0 100 18 9 9 0 000-18zM9 9l6 6M15 9l-6 6',
  success: 'M12 3a9 9 0 100 18 9 9 0 000-18zM8 12.5l2.7 2.7L16 10',
  question: 'M12 3a9 9 0 100 18 9 9 0 000-18zM9.5 9.5a2.5 2.5 0 114 2c-1 .7-1.5 1.2-1.5 2.5M12 17h.01',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  chevronDown: 'M6 9l6 6 6-6',
  chevronRight: 'M9 6l6 6-6 6',
  play: 'M8 5.5v13l10.5-6.5z',
  lock: 'M6 11h12v10H6zM8.5 11V8a3.5 3.5 0 017 0v3M12 15v2',
  cards: 'M3.5 7.2l7.7-2 3.6 13.6-7.7 2zM14.5 4.5l6 1.6-3.1 11.7',
  reels: 'M3 6h14v12H3zM7.7 6v12M12.3 6v12M17 10h2.5V5M19.5 3.5v.01M6 21h8M10 18v3',
  grip: 'M9 6h.01M15 6h.01M9 12h.01M15 12h.01M9 18h.01M15 18h.01',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  eye: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 9a3 3 0 100 6 3 3 0 000-6z',
  eyeOff:
    'M3 3l18 18M10.6 5.1A10.6 10.6 0 0112 5c6.4 0 10 7 10 7a17.6 17.6 0 01-3.2 4.2M6.6 6.6C3.9 8.4 2 12 2 12s3.6 7 10 7a10 10 0 005.4-1.6M9.9 9.9a3 3 0 004.2 4.2',
  cookie:
    'M20.9 12.6A9 9 0 1111.4 3.1a3 3 0 003.6 3.4 3 3 0 003 3 3 3 0 002.9 3.1zM8 9.5h.01M8.5 15h.01M13.5 15.5h.01M12 11.5h.01',
  coin: 'M12 3a9 9 0 100 18 9 9 0 000-18zM12 7v10M9.5 9.5c0-1 1.1-1.7 2.5-1.7s2.5.7 2.5 1.7-1 1.5-2.5 1.8-2.5.8-2.5 1.8 1.1 1.9 2.5 1.9 2.5-.8 2.5-1.8',
  // The legal pages and the maintenance page (issue 12).
  document: 'M6 3h8l4 4v14H6zM14 3v4h4M9 12h6M9 16h6',
  shield: 'M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6zM9 12l2 2 4-4',
  tools:
    'M14.7 6.3a4 4 0 00-5.2 5.2L3.8 17.2a1.8 1.8 0 002.6 2.6l5.7-5.7a4 4 0 005.2-5.2l-2.5 2.5-2.5-.6-.6-2.5z',
  clock: 'M12 3a9 9 0 100 18 9 9 0 000-18zM12 7v5l3 2',
} as const;

export type TIconName = keyof typeof ICON_PATHS;

/** The attributes of an icon's `<svg>` besides its size and class, as `Icon` renders them. */
export const ICON_SVG_ATTRIBUTES = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  'stroke-width': '1.8',
  'stroke-linecap': 'round',
  'stroke-linejoin': 'round',
  'aria-hidden': 'true',
  focusable: 'false',
} as const;
