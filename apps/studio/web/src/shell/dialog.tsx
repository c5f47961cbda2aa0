import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The one dialog of the game client: modal, labelled by its title, keeps the focus inside while
 * open (Tab and Shift+Tab wrap), closes on Esc and on a click outside, and gives the focus back to
 * what had it before. An `alert` dialog (the reality check) asks for a choice: role `alertdialog`,
 * no close button and no closing by a click outside (Esc still calls `onClose`).
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
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const before = document.activeElement as HTMLElement | null;
    const node = panel.current;
    // The first field or button, else the panel itself (so a screen reader starts at the title).
    const first = node?.querySelector<HTMLElement>(`.st-dialog__body ${FOCUSABLE}`);
    (first ?? node)?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !node) return;
      const items = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => el.offsetParent !== null || el === document.activeElement,
      );
      if (items.length === 0) {
        event.preventDefault();
        node.focus();
        return;
      }
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === firstItem || active === node)) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (active === lastItem || !node.contains(active))) {
        event.preventDefault();
        firstItem.focus();
      }
    }
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.body.style.overflow = overflow;
      before?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div
      className="st-dialog-backdrop"
      onMouseDown={(event) => {
        if (!alert && event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        className={`st-dialog st-dialog--${size}`}
        role={alert ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <header className="st-dialog__head">
          <h2 id={titleId} className="st-dialog__title">
            {title}
          </h2>
          {alert ? null : (
            <button type="button" className="st-icon-btn" onClick={onClose} aria-label={t('close')}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path
                  d="M6 6l12 12M18 6L6 18"
                  stroke="currentColor"
                  strokeWidth="2.2"
                  strokeLinecap="round"
                />
              </svg>
            </button>
          )}
        </header>
        <div className="st-dialog__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
