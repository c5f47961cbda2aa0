import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalLayer, ModalTitle } from '@casino/web-kit/modal-layer.tsx';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The first field or button of the body, else the panel itself (so a screen reader starts at the title). */
function firstInBody(panel: HTMLElement): HTMLElement {
  return panel.querySelector<HTMLElement>(`.st-dialog__body ${FOCUSABLE}`) ?? panel;
}

/**
 * The one dialog of the game client, the web kit's modal layer on Radix Dialog (decision 0007; Radix
 * is its own chunk, fetched at start-up, off the first script's path):
 * modal, labelled by its title, keeps the focus inside while open, closes on Esc and on a press
 * outside, and gives the focus back to what had it before. An `alert` dialog (the reality check)
 * asks for a choice: role `alertdialog`, no close button and no closing by a press outside (Esc
 * still calls `onClose`).
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  size = 'normal',
  alert = false,
}: {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  children: ReactNode;
  size?: 'normal' | 'wide';
  alert?: boolean;
}) {
  const { t } = useTranslation('shell');
  return (
    <ModalLayer
      isOpen={open}
      overlayClassName="st-dialog-backdrop"
      onEscape={onClose}
      onBackdrop={alert ? undefined : onClose}
      pickInitialFocus={firstInBody}
      className={`st-dialog st-dialog--${size}`}
      role={alert ? 'alertdialog' : 'dialog'}
      aria-modal="true"
      // The title names the dialog; the body is read as it is (no single description).
      aria-describedby={undefined}
      tabIndex={-1}
    >
      <header className="st-dialog__head">
        <ModalTitle className="st-dialog__title">{title}</ModalTitle>
        {alert ? null : (
          <button type="button" className="st-icon-btn" onClick={onClose} aria-label={t('close')}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        )}
      </header>
      <div className="st-dialog__body">{children}</div>
    </ModalLayer>
  );
}
