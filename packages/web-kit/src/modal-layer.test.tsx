import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useDialogs, type DialogApi } from './dialog-context.ts';
import { DialogProvider } from './dialog-provider.tsx';
import { load, ModalLayer, ModalTitle } from './modal-layer.tsx';

beforeAll(() => load().then(() => undefined));
afterEach(cleanup);

const labels = { title: (kind: string) => `title ${kind}`, ok: 'OK', cancel: 'Cancel' };

let api: DialogApi;
function Capture() {
  api = useDialogs();
  return (
    <button type="button" id="opener">
      open
    </button>
  );
}

function setup() {
  document.body.innerHTML = '<div id="root"></div>';
  render(
    <DialogProvider labels={labels} badge={(kind) => <i data-badge={kind} />}>
      <Capture />
    </DialogProvider>,
    { container: document.getElementById('root')! },
  );
  const opener = screen.getByRole('button', { name: 'open' });
  opener.focus();
  return opener;
}

describe('the kit’s dialogs', () => {
  it('a confirm shows the app’s words and badge, makes the app inert, and answers', async () => {
    const opener = setup();
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = api.confirm('Sure?');
    });
    const dialog = screen.getByRole('alertdialog', { name: 'title confirm' });
    expect(dialog.querySelector('[data-badge="confirm"]')).toBeTruthy();
    expect(document.getElementById('root')!.hasAttribute('inert')).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'OK' }));
    await act(async () => screen.getByRole('button', { name: 'Cancel' }).click());
    await expect(answer).resolves.toBe(false);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.getElementById('root')!.hasAttribute('inert')).toBe(false);
  });

  it('a layer focuses what pickInitialFocus chooses, and closes on Escape and a press outside', async () => {
    let escapes = 0;
    let presses = 0;
    render(
      <ModalLayer
        isOpen
        overlayClassName="backdrop"
        onEscape={() => (escapes += 1)}
        onBackdrop={() => (presses += 1)}
        pickInitialFocus={(layer) => layer.querySelector<HTMLElement>('input')}
        aria-describedby={undefined}
      >
        <ModalTitle>Layer</ModalTitle>
        <button type="button">first</button>
        <input aria-label="field" />
      </ModalLayer>,
    );
    expect(document.activeElement).toBe(screen.getByLabelText('field'));
    expect(document.querySelector('.modal-overlay.backdrop')).toBeTruthy();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(escapes).toBe(1);
    // Radix listens for presses outside from the next task on (the press that opened it is not one),
    // and takes a primary button's press when its click comes.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const backdrop = document.querySelector('.modal-overlay')!;
    fireEvent.pointerDown(backdrop);
    fireEvent.pointerUp(backdrop);
    fireEvent.click(backdrop);
    expect(presses).toBe(1);
  });
});
