import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { DialogContext, type DialogApi, type DialogRequest, type TDialogKind } from './dialog-context.ts';
import { ModalDescription, ModalLayer, ModalTitle } from './modal-layer.tsx';

interface OpenDialog extends DialogRequest {
  key: number;
  resolve: (confirmed: boolean) => void;
}

/** The app's words for the dialogs (already translated). */
export interface DialogLabels {
  /** The title of a dialog opened without one. */
  title(kind: TDialogKind): string;
  ok: string;
  cancel: string;
}

interface DialogLook {
  labels: DialogLabels;
  /** The picture above the title (an icon, a spinner for `loading`). */
  badge(kind: TDialogKind): ReactNode;
}

/** Warnings, errors and questions interrupt: they are alert dialogs; the others are plain dialogs. */
const ALERT_KINDS: ReadonlySet<TDialogKind> = new Set(['warning', 'error', 'confirm']);

/**
 * The one dialog system of the apps: warning, info, error, success, confirm and loading dialogs
 * (`useDialogs()`), stacked in the order they were opened, each a focus-trapped modal layer
 * (modal-layer.tsx, on Radix Dialog: the latest one is on top and the only one that answers keys
 * and presses). The app gives the words and the badge; the markup's classes (`dialog`,
 * `dialog--<kind>`, `dialog__title`, `btn btn--primary` ...) are styled by the app.
 */
export function DialogProvider({ children, labels, badge }: DialogLook & { children: ReactNode }) {
  const [dialogs, setDialogs] = useState<OpenDialog[]>([]);
  const dialogsRef = useRef<OpenDialog[]>([]);
  const nextKey = useRef(1);

  const update = useCallback((change: (list: OpenDialog[]) => OpenDialog[]) => {
    dialogsRef.current = change(dialogsRef.current);
    setDialogs(dialogsRef.current);
  }, []);

  const close = useCallback(
    (key: number, confirmed: boolean) => {
      const dialog = dialogsRef.current.find((d) => d.key === key);
      if (!dialog) return;
      update((list) => list.filter((d) => d.key !== key));
      dialog.resolve(confirmed);
    },
    [update],
  );

  const api = useMemo<DialogApi>(() => {
    const push = (request: DialogRequest): { key: number; promise: Promise<boolean> } => {
      const key = nextKey.current++;
      let resolve: (confirmed: boolean) => void = () => {};
      const promise = new Promise<boolean>((r) => {
        resolve = r;
      });
      update((list) => [...list, { ...request, key, resolve }]);
      return { key, promise };
    };
    const open = (request: DialogRequest) => push(request).promise;
    const of =
      (kind: TDialogKind) =>
      (message: string, options: Partial<DialogRequest> = {}) =>
        open({ ...options, kind, message });
    return {
      open,
      warning: of('warning'),
      info: of('info'),
      error: of('error'),
      success: of('success'),
      confirm: of('confirm'),
      loading(message, options = {}) {
        const { key } = push({ ...options, kind: 'loading', message });
        return { close: () => close(key, false) };
      },
      isOpen: (id) => dialogsRef.current.some((d) => d.id === id),
    };
  }, [close, update]);

  return (
    <DialogContext.Provider value={api}>
      {children}
      {dialogs.map((dialog) => (
        <DialogView key={dialog.key} dialog={dialog} onClose={close} labels={labels} badge={badge} />
      ))}
    </DialogContext.Provider>
  );
}

function DialogView({
  dialog,
  onClose,
  labels,
  badge,
}: DialogLook & {
  dialog: OpenDialog;
  onClose: (key: number, confirmed: boolean) => void;
}) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  const isLoading = dialog.kind === 'loading';
  const hasCancel = dialog.kind === 'confirm' || dialog.cancelLabel !== undefined;
  const dismiss = () => onClose(dialog.key, false);

  const title = dialog.title ?? labels.title(dialog.kind);
  return (
    <ModalLayer
      isOpen
      overlayClassName="modal-overlay--center"
      // Loading dialogs ignore Escape; the caller closes them through the handle.
      onEscape={isLoading ? undefined : dismiss}
      // A press on the backdrop dismisses a plain message; questions and loading wait for an answer.
      onBackdrop={isLoading || hasCancel ? undefined : dismiss}
      // Loading dialogs have no button: Radix then focuses the dialog itself.
      initialFocusRef={isLoading ? undefined : confirmRef}
      className={`dialog dialog--${dialog.kind}`}
      data-dialog-id={dialog.id}
      role={ALERT_KINDS.has(dialog.kind) ? 'alertdialog' : 'dialog'}
      aria-modal="true"
      aria-busy={isLoading || undefined}
    >
      <div className="dialog__badge" aria-hidden="true">
        {badge(dialog.kind)}
      </div>
      <ModalTitle className="dialog__title">{title}</ModalTitle>
      <ModalDescription className="dialog__message">{dialog.message}</ModalDescription>
      {!isLoading && (
        <div className="dialog__actions">
          {hasCancel && (
            <button type="button" className="btn btn--secondary" onClick={dismiss}>
              {dialog.cancelLabel ?? labels.cancel}
            </button>
          )}
          <button
            ref={confirmRef}
            type="button"
            className="btn btn--primary"
            onClick={() => onClose(dialog.key, true)}
          >
            {dialog.confirmLabel ?? labels.ok}
          </button>
        </div>
      )}
    </ModalLayer>
  );
}
