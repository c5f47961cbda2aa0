// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/i18n.ts';
import { clampToFrame, FRAME, popupWidth } from './popup-geometry.ts';
import { PopupPreview } from './popup-preview.tsx';

beforeAll(() => {
  localStorage.setItem('backoffice.language', 'en');
  initI18n();
});
afterEach(cleanup);

/** The preview with its stored position kept as a form would keep it. */
function Harness({ start, seen }: { start: { x: number; y: number }; seen: { x: number; y: number }[] }) {
  const [position, setPosition] = useState(start);
  return (
    <PopupPreview
      title="Event"
      titleColor="#ffcc00"
      contents={'<p>Hi<img src="x" onerror="alert(1)"></p><script>alert(2)</script>'}
      position={position}
      onMove={(next) => {
        seen.push(next);
        setPosition(next);
      }}
    />
  );
}

describe('the popup preview', () => {
  it('moves the stored position with the arrow keys, 8 px a press and 40 px with Shift', () => {
    const seen: { x: number; y: number }[] = [];
    render(<Harness start={{ x: 100, y: 50 }} seen={seen} />);
    const bar = screen.getByRole('slider', { name: /Popup position/ });
    fireEvent.keyDown(bar, { key: 'ArrowRight' });
    fireEvent.keyDown(bar, { key: 'ArrowDown', shiftKey: true });
    fireEvent.keyDown(bar, { key: 'ArrowLeft' });
    fireEvent.keyDown(bar, { key: 'ArrowUp' });
    expect(seen).toEqual([
      { x: 108, y: 50 },
      { x: 108, y: 90 },
      { x: 100, y: 90 },
      { x: 100, y: 82 },
    ]);
    expect(bar.getAttribute('aria-valuetext')).toBe('100 px from the left, 82 px from the top');
  });

  it('keeps the popup inside the member screen as the portal does', () => {
    const seen: { x: number; y: number }[] = [];
    render(<Harness start={{ x: 8, y: 8 }} seen={seen} />);
    const bar = screen.getByRole('slider', { name: /Popup position/ });
    fireEvent.keyDown(bar, { key: 'ArrowLeft' });
    fireEvent.keyDown(bar, { key: 'ArrowUp', shiftKey: true });
    expect(seen).toEqual([
      { x: 8, y: 8 },
      { x: 8, y: 8 },
    ]);
    expect(clampToFrame({ x: 4000, y: 4000 }, 300)).toEqual({
      x: FRAME.width - popupWidth() - 8,
      y: FRAME.height - 300 - 8,
    });
  });

  it('moves by dragging the title bar, in member-screen pixels', () => {
    const seen: { x: number; y: number }[] = [];
    render(<Harness start={{ x: 100, y: 100 }} seen={seen} />);
    const bar = screen.getByRole('slider', { name: /Popup position/ });
    fireEvent.pointerDown(bar, { pointerId: 1, button: 0, clientX: 10, clientY: 10, pointerType: 'mouse' });
    fireEvent.pointerMove(bar, { pointerId: 1, clientX: 30, clientY: 25, pointerType: 'mouse' });
    fireEvent.pointerUp(bar, { pointerId: 1, pointerType: 'mouse' });
    // The frame has no width in the test DOM: the preview's scale stays 0.5, so 20 px are 40.
    expect(seen.at(-1)).toEqual({ x: 140, y: 130 });
  });

  it('shows the contents only after the sanitizer', () => {
    render(<Harness start={{ x: 0, y: 0 }} seen={[]} />);
    const body = screen.getByText('Hi').closest('.safe-html')!;
    expect(body.innerHTML).not.toMatch(/onerror|<script/i);
  });
});
