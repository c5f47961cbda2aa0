import { useSyncExternalStore } from 'react';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/**
 * Whether the visitor asked for less motion (apps/portal/README.md, "Look": the carousel does not autoplay,
 * the jackpot figures do not count up, the ticker stands still). Followed live when the setting changes.
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(REDUCED_MOTION).matches === true,
    // Prerendered at build time: no motion until the browser tells.
    () => true,
  );
}
