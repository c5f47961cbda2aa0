import { createContext, useContext } from 'react';

export type TDialogKind = 'warning' | 'info' | 'error' | 'success' | 'confirm' | 'loading';

export interface DialogRequest {
  kind: TDialogKind;
  /** Already translated text. */
  message: string;
  /** A name that `isOpen` can ask about (the health check opens one note dialog at a time). */
  id?: string;
  title?: string;
  confirmLabel?: string;
  /** Adds a second button; confirm dialogs always have one. */
  cancelLabel?: string;
}

export interface LoadingHandle {
  close(): void;
}

export interface DialogApi {
  /** Resolves true when confirmed, false when cancelled, dismissed with Escape or closed. */
  open(request: DialogRequest): Promise<boolean>;
  warning(message: string, options?: Partial<DialogRequest>): Promise<boolean>;
  info(message: string, options?: Partial<DialogRequest>): Promise<boolean>;
  error(message: string, options?: Partial<DialogRequest>): Promise<boolean>;
  success(message: string, options?: Partial<DialogRequest>): Promise<boolean>;
  confirm(message: string, options?: Partial<DialogRequest>): Promise<boolean>;
  /** A loading dialog: Escape does not close it; the caller closes it through the handle. */
  loading(message: string, options?: Partial<DialogRequest>): LoadingHandle;
  isOpen(id: string): boolean;
}

export const DialogContext = createContext<DialogApi | null>(null);

export function useDialogs(): DialogApi {
  const api = useContext(DialogContext);
  if (!api) throw new Error('useDialogs needs a DialogProvider');
  return api;
}
