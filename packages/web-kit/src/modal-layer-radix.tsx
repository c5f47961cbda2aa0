import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentPropsWithoutRef,
  type ReactNode,
  type RefObject,
} from 'react';
import {
  DialogContent,
  DialogDescription,
  DialogOverlay,
  DialogPortal,
  Dialog as DialogRoot,
  DialogTitle,
} from '@radix-ui/react-dialog';
import { pushLayer } from './modal-stack.ts';

export interface RadixModalLayerProps extends Omit<
  ComponentPropsWithoutRef<typeof DialogContent>,
  'asChild' | 'children'
> {
  isOpen: boolean;
  /** Called on Escape while this layer is on top; leave it out to ignore Escape (loading dialogs). */
  onEscape?: (() => void) | undefined;
  /** Called on a press on the backdrop; leave it out when the layer waits for an answer. */
  onBackdrop?: (() => void) | undefined;
  /** What gets focus on open: this element, else Radix's choice (the first tabbable one, else the layer). */
  initialFocusRef?: RefObject<HTMLElement | null> | undefined;
  /** What gets focus on open, chosen inside the open layer (when there is no `initialFocusRef`). */
  pickInitialFocus?: ((layer: HTMLElement) => HTMLElement | null | undefined) | undefined;
  /**
   * Classes of the backdrop besides `modal-overlay` (the portal's `modal-overlay--center` or
   * `modal-overlay--side`: where the layer sits on it; the studio's `st-dialog-backdrop`).
   */
  overlayClassName: string;
  children: ReactNode;
}

/** The layer's title and description: Radix links them to the layer (aria-labelledby, aria-describedby). */
export const ModalTitle = DialogTitle;
export const ModalDescription = DialogDescription;

/**
 * One modal layer (a dialog, the side panel, the menu) on Radix Dialog, which traps focus, answers
 * Escape and outside presses only in the top layer, hides the rest from screen readers and stops
 * the page from scrolling. Two things it does differently are added here: the app root and lower
 * layers become `inert` (modal-stack.ts), so nothing behind can be clicked or focused even by
 * assistive tools that ignore aria-hidden; and focus goes back to the element that had it before
 * the layer opened at once on close, where Radix would wait a timer tick and aim at a trigger
 * element these layers do not have.
 */
export function ModalLayer({
  isOpen,
  onEscape,
  onBackdrop,
  initialFocusRef,
  pickInitialFocus,
  overlayClassName,
  children,
  ...contentProps
}: RadixModalLayerProps) {
  if (!isOpen) return null;
  return (
    <OpenLayer
      onEscape={onEscape}
      onBackdrop={onBackdrop}
      initialFocusRef={initialFocusRef}
      pickInitialFocus={pickInitialFocus}
      overlayClassName={overlayClassName}
      contentProps={contentProps}
    >
      {children}
    </OpenLayer>
  );
}

function OpenLayer({
  onEscape,
  onBackdrop,
  initialFocusRef,
  pickInitialFocus,
  overlayClassName,
  contentProps,
  children,
}: Omit<RadixModalLayerProps, 'isOpen'> & { contentProps: ComponentPropsWithoutRef<typeof DialogContent> }) {
  // Read during the first render, before Radix moves focus into the layer.
  const [previous] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  // The overlay mounts one render after the layer (Radix portals wait for the client), so it joins
  // the inert stack through its ref rather than an effect of this component.
  const contentRef = useRef<HTMLDivElement>(null);
  const overlayRef = useCallback(
    (overlay: HTMLDivElement | null) => (overlay ? pushLayer(overlay) : undefined),
    [],
  );

  return (
    <DialogRoot open onOpenChange={(open) => !open && onEscape?.()}>
      <DialogPortal>
        <DialogOverlay ref={overlayRef} className={`modal-overlay ${overlayClassName}`}>
          <DialogContent
            {...contentProps}
            ref={contentRef}
            onOpenAutoFocus={(event) => {
              const layer = contentRef.current;
              const target = initialFocusRef?.current ?? (layer && pickInitialFocus?.(layer));
              if (!target) return;
              event.preventDefault();
              target.focus();
            }}
            onCloseAutoFocus={(event) => event.preventDefault()}
            onEscapeKeyDown={(event) => {
              if (!onEscape) event.preventDefault();
            }}
            onPointerDownOutside={(event) => {
              event.preventDefault();
              onBackdrop?.();
            }}
            onInteractOutside={(event) => event.preventDefault()}
          >
            {children}
          </DialogContent>
          <FocusReturn to={previous} />
        </DialogOverlay>
      </DialogPortal>
    </DialogRoot>
  );
}

/**
 * Gives focus back when the layer goes. It sits after the content on purpose: React runs the
 * clean-ups of a removed tree parent first and in order, so this one runs after Radix's focus trap
 * inside the content has let go (run earlier, the trap would pull focus back into the closing layer).
 */
function FocusReturn({ to }: { to: HTMLElement | null }) {
  useEffect(
    () => () => {
      if (to?.isConnected) to.focus();
    },
    [to],
  );
  return null;
}
