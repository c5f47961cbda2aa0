import { describe, expect, it } from 'vitest';
import { POPUP_HIDE_MS as CONTRACT_HIDE_MS, type TPopup } from '@casino/contracts/community';
import {
  clampPosition,
  contrastRatio,
  EDGE_GAP,
  EMPTY_MEMORY,
  initialPosition,
  isPopupVisible,
  memoryAfterFetch,
  POPUP_HIDE_MS,
  mergeMemory,
  parseMemory,
  rememberClose,
  rememberHide,
  STACK_OFFSET,
  titleColors,
  visiblePopups,
  type VisibilityInput,
} from './popup-rules.ts';

const NOW = Date.UTC(2025, 0, 10, 12);
const HOUR = 3_600_000;

function popup(id: number, extra: Partial<TPopup> = {}): TPopup {
  return {
    id,
    title: `popup ${id}`,
    titleColor: '#ffcc00',
    contents: '<p>x</p>',
    domain: '',
    posX: 100,
    posY: 80,
    ...extra,
  };
}

function input(extra: Partial<VisibilityInput> = {}): VisibilityInput {
  return {
    memory: EMPTY_MEMORY,
    closedInSession: new Set(),
    now: NOW,
    host: 'casino.example:3000',
    ...extra,
  };
}

describe('popup visibility', () => {
  it('shows a popup nobody hid or closed, on every host when it has no domain', () => {
    expect(isPopupVisible(popup(1), input())).toBe(true);
    expect(isPopupVisible(popup(1), input({ host: 'other.example' }))).toBe(true);
  });

  it('checks the domain with the shared host matcher (protocol, port and a leading www ignored)', () => {
    const own = popup(1, { domain: 'https://www.casino.example, second.example' });
    expect(isPopupVisible(own, input())).toBe(true);
    expect(isPopupVisible(own, input({ host: 'second.example' }))).toBe(true);
    expect(isPopupVisible(own, input({ host: 'third.example' }))).toBe(false);
  });

  it("hides a popup for 8 hours after 'hide', then shows it again", () => {
    const memory = rememberHide(EMPTY_MEMORY, 1, NOW - 8 * HOUR + 1);
    expect(POPUP_HIDE_MS).toBe(8 * HOUR);
    expect(POPUP_HIDE_MS).toBe(CONTRACT_HIDE_MS);
    expect(isPopupVisible(popup(1), input({ memory }))).toBe(false);
    expect(isPopupVisible(popup(2), input({ memory }))).toBe(true);
    expect(isPopupVisible(popup(1), input({ memory, now: NOW + 1 }))).toBe(true);
  });

  it("hides a popup while its 'close' timestamp is young, and whenever it was closed this session", () => {
    const memory = rememberClose(EMPTY_MEMORY, 1, NOW - HOUR);
    expect(isPopupVisible(popup(1), input({ memory }))).toBe(false);
    expect(isPopupVisible(popup(1), input({ closedInSession: new Set([1]) }))).toBe(false);
    expect(
      visiblePopups([popup(1), popup(2), popup(3)], input({ memory, closedInSession: new Set([3]) })),
    ).toEqual([popup(2)]);
  });

  it("clears every 'close' entry on a fetch and drops expired 'hide' entries", () => {
    let memory = rememberClose(EMPTY_MEMORY, 1, NOW - HOUR);
    memory = rememberHide(memory, 2, NOW - HOUR);
    memory = rememberHide(memory, 3, NOW - 9 * HOUR);
    const after = memoryAfterFetch(memory, NOW);
    expect(after).toEqual({ hide: { 2: NOW - HOUR }, close: {} });
    expect(isPopupVisible(popup(1), input({ memory: after }))).toBe(true);
    expect(isPopupVisible(popup(2), input({ memory: after }))).toBe(false);
  });

  it('keeps a hide stamped in the future (a clock set back) until the clock passes it', () => {
    const memory = rememberHide(EMPTY_MEMORY, 1, NOW + HOUR);
    expect(isPopupVisible(popup(1), input({ memory }))).toBe(false);
    expect(memoryAfterFetch(memory, NOW).hide).toEqual({ 1: NOW + HOUR });
  });

  it('reads stored memory defensively and merges memories by the later timestamp', () => {
    expect(parseMemory(null)).toEqual(EMPTY_MEMORY);
    expect(parseMemory('not json')).toEqual(EMPTY_MEMORY);
    expect(parseMemory('[1,2]')).toEqual(EMPTY_MEMORY);
    expect(parseMemory(JSON.stringify({ hide: { 1: 5, x: 6, 2: 'a' }, close: [3] }))).toEqual({
      hide: { 1: 5 },
      close: {},
    });
    expect(mergeMemory({ hide: { 1: 5 }, close: {} }, { hide: { 1: 3, 2: 4 }, close: { 1: 9 } })).toEqual({
      hide: { 1: 5, 2: 4 },
      close: { 1: 9 },
    });
  });
});

describe('popup placement', () => {
  const desktop = { width: 1440, height: 900 };
  const phone = { width: 390, height: 844 };
  const size = { width: 420, height: 360 };

  it('opens at the operator position, each further popup offset so its title bar shows', () => {
    expect(initialPosition(popup(1), 0, size, desktop)).toEqual({ x: 100, y: 80 });
    expect(initialPosition(popup(2), 2, size, desktop)).toEqual({
      x: 100 + 2 * STACK_OFFSET,
      y: 80 + 2 * STACK_OFFSET,
    });
  });

  it('keeps popups inside the viewport, whatever the operator position', () => {
    const far = popup(1, { posX: 4000, posY: 4000 });
    expect(initialPosition(far, 0, size, desktop)).toEqual({
      x: desktop.width - size.width - EDGE_GAP,
      y: desktop.height - size.height - EDGE_GAP,
    });
    expect(clampPosition({ x: -50, y: -50 }, size, desktop)).toEqual({ x: EDGE_GAP, y: EDGE_GAP });
  });

  it('on a phone, places popups below the mobile header so its controls stay usable', () => {
    const phoneSize = { width: 374, height: 420 };
    const first = initialPosition(popup(1, { posX: 0, posY: 0 }), 0, phoneSize, phone, 61);
    expect(first).toEqual({ x: EDGE_GAP, y: 61 + EDGE_GAP });
    const second = initialPosition(popup(2, { posX: 0, posY: 0 }), 1, phoneSize, phone, 61);
    expect(second.y).toBe(61 + EDGE_GAP + STACK_OFFSET);
    expect(second.x).toBe(EDGE_GAP);
    // A popup taller than the room left keeps its top (and title bar) in view.
    expect(clampPosition({ x: 0, y: 500 }, { width: 374, height: 2000 }, phone, 61)).toEqual({
      x: EDGE_GAP,
      y: 61 + EDGE_GAP,
    });
  });
});

describe('popup title colours', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1, 5);
  });

  it('uses the operator colour as text when it reads well on the bar, else as the bar under black or white', () => {
    expect(titleColors('#ffcc00', '#252b3a')).toEqual({ color: '#ffcc00', background: '#252b3a' });
    const dark = titleColors('#1a237e', '#252b3a');
    expect(dark).toEqual({ color: '#ffffff', background: '#1a237e' });
    const red = titleColors('#ff0000', '#252b3a');
    expect(contrastRatio(red.color, red.background)).toBeGreaterThanOrEqual(4.5);
    for (const color of ['#ff0000', '#00ff00', '#0000ff', '#808080', '#252b3a', '#ffffff']) {
      const picked = titleColors(color, '#252b3a');
      expect(contrastRatio(picked.color, picked.background)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
