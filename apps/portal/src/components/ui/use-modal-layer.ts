import { useLayoutEffect, useRef, type RefObject } from 'react';
import { isTopLayer, pushLayer } from './modal-stack.ts';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

export function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute('hidden') && !el.closest('[hidden],[inert]') && el.getAttribute('aria-hidden') !== 'true',
  );
}

export interface ModalLayerOptions {
  isOpen: boolean;
  /** Called on Escape while this layer is on top; leave it out to ignore Escape (loading dialogs). */
  onEscape?: (() => void) | undefined;
  /** What gets focus on open: this element, else the first focusable one, else the layer itself. */
  initialFocusRef?: RefObject<HTMLElement | null> | undefined;
}

/**
 * Makes `layerRef` a modal layer while `isOpen`: it goes on the modal stack (everything else
 * inert), takes focus, keeps Tab and Shift+Tab inside, handles Escape, and on close gives focus
 * back to the element that had it before.
 */
export function useModalLayer(layerRef: RefObject<HTMLElement | null>, options: ModalLayerOptions): void {
  const onEscapeRef = useRef(options.onEscape);
  onEscapeRef.current = options.onEscape;
  const initialFocusRef = options.initialFocusRef;

  useLayoutEffect(() => {
    const layer = layerRef.current;
    if (!options.isOpen || !layer) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const release = pushLayer(layer);
    const target = initialFocusRef?.current ?? focusableIn(layer)[0] ?? layer;
    target.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTopLayer(layer)) return;
      if (event.key === 'Escape') {
        if (onEscapeRef.current) {
          event.preventDefault();
          event.stopPropagation();
          onEscapeRef.current();
        }
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(layer);
      const active = document.activeElement;
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const isInside = active instanceof Node && layer.contains(active);
      if (event.shiftKey && (active === first || !isInside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !isInside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      release();
      if (previous && previous.isConnected) previous.focus();
    };
    // The layer opens and closes with isOpen; the refs are read at that moment on purpose.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [options.isOpen]);
}
