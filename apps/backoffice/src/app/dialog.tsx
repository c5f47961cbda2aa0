import type { ReactNode } from 'react';
import { ModalLayer, ModalTitle } from '@casino/web-kit/modal-layer-radix.tsx';

/**
 * The console's dialog: the web kit's modal layer (Radix Dialog: focus trap, Escape, the page
 * behind inert, focus given back, labelled by its title), the one primitive of the three apps.
 * The console has no start-up budget, so it takes the layer directly rather than as a late chunk.
 * Escape and a press on the backdrop close it.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
}) {
  const close = () => onOpenChange(false);
  return (
    <ModalLayer
      isOpen={open}
      onEscape={close}
      onBackdrop={close}
      overlayClassName="dialog__overlay"
      className="dialog"
      aria-describedby={undefined}
    >
      <ModalTitle className="dialog__title">{title}</ModalTitle>
      {children}
    </ModalLayer>
  );
}
