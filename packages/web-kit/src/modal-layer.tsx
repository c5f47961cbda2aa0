import { useEffect, useState, type ComponentPropsWithoutRef } from 'react';
import type { RadixModalLayerProps } from './modal-layer-radix.tsx';

/*
 * The modal layers (dialogs, the side panel, the menu) are built on Radix Dialog, which with its
 * scroll lock and aria-hidden helpers weighs about 12 KiB gzipped: more than the portal's initial
 * script budget (150 KiB gzipped) leaves. So this entry makes it its own chunk, fetched as soon as
 * this module runs (at start-up, right after the initial script) and not on the critical path; a
 * layer opened before it arrived shows once it has (decision 0007). An app without such a budget
 * (the studio's game client) imports `modal-layer-radix.tsx` directly.
 */

type TRadixModule = typeof import('./modal-layer-radix.tsx');

let loaded: TRadixModule | null = null;
let loading: Promise<TRadixModule> | null = null;

/** Fetches the layer library (once); tests await it so a layer opens in the same render as in a warm app. */
export function load(): Promise<TRadixModule> {
  loading ??= import('./modal-layer-radix.tsx').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      // A failed fetch (offline, a new deployment) is tried again by the next layer that opens.
      loading = null;
      throw error;
    },
  );
  return loading;
}
void load().catch(() => {});

function useRadix(isNeeded: boolean): TRadixModule | null {
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (!isNeeded || module) return;
    let isCurrent = true;
    load().then(
      (m) => isCurrent && setModule(m),
      () => {},
    );
    return () => {
      isCurrent = false;
    };
  }, [isNeeded, module]);
  return module ?? loaded;
}

/** A modal layer (modal-layer-radix.tsx says what it does); nothing while closed. */
export function ModalLayer(props: RadixModalLayerProps) {
  const radix = useRadix(props.isOpen);
  if (!props.isOpen || !radix) return null;
  return <radix.ModalLayer {...props} />;
}

// The title and description only render inside an open layer, so the module is there by then.

/** The layer's title (an h2), which names the layer for screen readers. */
export function ModalTitle(props: ComponentPropsWithoutRef<TRadixModule['ModalTitle']>) {
  const Title = loaded!.ModalTitle;
  return <Title {...props} />;
}

/** The layer's description (a p), which screen readers read after the title. */
export function ModalDescription(props: ComponentPropsWithoutRef<TRadixModule['ModalDescription']>) {
  const Description = loaded!.ModalDescription;
  return <Description {...props} />;
}
