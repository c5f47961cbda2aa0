import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '../../test/test-i18n.ts';
import { useDialogs } from '@casino/web-kit/dialog-context';
import { DialogProvider } from './dialog-provider.tsx';
import type { DialogApi } from '@casino/web-kit/dialog-context';

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
  const i18n = createTestI18n('ko');
  render(
    <I18nextProvider i18n={i18n}>
      <DialogProvider>
        <Capture />
      </DialogProvider>
    </I18nextProvider>,
    { container: document.getElementById('root')! },
  );
  const opener = screen.getByRole('button', { name: 'open' });
  opener.focus();
  return opener;
}

const tab = (shiftKey = false) =>
  fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey });
const escape = () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

describe('the dialog system', () => {
  it('a confirm dialog is a modal alertdialog that takes focus, traps Tab, and returns focus', async () => {
    const opener = setup();
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = api.confirm('로그아웃하시겠습니까?');
    });
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.getAttribute('aria-labelledby')).toBeTruthy();
    expect(screen.getByText('로그아웃하시겠습니까?').id).toBe(dialog.getAttribute('aria-describedby'));
    expect(document.getElementById('root')!.hasAttribute('inert')).toBe(true);

    const ok = screen.getByRole('button', { name: '확인' });
    const cancel = screen.getByRole('button', { name: '취소' });
    // The buttons read [cancel, ok]: Tab past the last one wraps to the first, Shift+Tab back.
    expect(document.activeElement).toBe(ok);
    tab();
    expect(document.activeElement).toBe(cancel);
    tab(true);
    expect(document.activeElement).toBe(ok);
    // Focus that somehow left the dialog is pulled back in.
    opener.focus();
    tab();
    expect(dialog.contains(document.activeElement)).toBe(true);

    await act(async () => ok.click());
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.getElementById('root')!.hasAttribute('inert')).toBe(false);
  });

  it('Escape closes a message dialog as "not confirmed"', async () => {
    const opener = setup();
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = api.info('새 쪽지가 도착했습니다.');
    });
    expect(screen.getByRole('dialog')).toBeTruthy();
    await act(async () => escape());
    await expect(answer).resolves.toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('uses alertdialog for warnings and errors, dialog for info and success', () => {
    setup();
    act(() => {
      void api.warning('w');
      void api.error('e');
      void api.success('s');
    });
    // Only the top dialog is in the accessibility tree (the lower ones are inert and aria-hidden).
    expect(screen.getAllByRole('alertdialog', { hidden: true })).toHaveLength(2);
    expect(screen.getAllByRole('dialog', { hidden: true })).toHaveLength(1);
  });

  it('a loading dialog ignores Escape and closes through its handle', () => {
    const opener = setup();
    let handle = { close() {} };
    act(() => {
      handle = api.loading('로그인하는 중입니다...');
    });
    const dialog = screen.getByRole('dialog');
    expect(dialog.getAttribute('aria-busy')).toBe('true');
    expect(document.activeElement).toBe(dialog);
    act(() => escape());
    expect(screen.getByRole('dialog')).toBe(dialog);
    act(() => handle.close());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('stacked dialogs: only the top one answers Escape, and focus goes back down the stack', async () => {
    setup();
    act(() => {
      void api.confirm('first');
    });
    const firstOk = screen.getByRole('button', { name: '확인' });
    expect(document.activeElement).toBe(firstOk);
    act(() => {
      void api.error('second', { id: 'second' });
    });
    expect(api.isOpen('second')).toBe(true);
    const dialogs = screen.getAllByRole('alertdialog', { hidden: true });
    expect(dialogs[0]!.closest('.modal-overlay')!.hasAttribute('inert')).toBe(true);
    expect(screen.getAllByRole('alertdialog')).toEqual([dialogs[1]]);
    await act(async () => escape());
    expect(api.isOpen('second')).toBe(false);
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    expect(document.activeElement).toBe(firstOk);
  });
});
