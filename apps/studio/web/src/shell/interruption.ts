import { useEffect, useRef } from 'react';

/**
 * Something that must stop the play (the reality check): games stop what runs by itself (autoplay)
 * when it comes. A tiny in-page signal, so the shell does not reach into a game's state.
 */
const listeners = new Set<() => void>();

/** Stops what plays by itself in every game screen of this window. */
export function interruptPlay(): void {
  for (const listener of [...listeners]) listener();
}

/** Runs `onInterrupt` whenever the play is interrupted (while the component is mounted). */
export function useInterruption(onInterrupt: () => void): void {
  const latest = useRef(onInterrupt);
  useEffect(() => {
    latest.current = onInterrupt;
  });
  useEffect(() => {
    const listener = () => latest.current();
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
}
