import { useCallback, useSyncExternalStore } from 'react';

export type TSoundName = 'spin' | 'stop' | 'win' | 'bigwin' | 'chip' | 'card' | 'click' | 'jackpot';

/**
 * The game sounds, synthesized with the Web Audio API (no audio files to download). Browsers only
 * let a page start audio after a user gesture, and a sound that plays on load would be rude anyway:
 * the audio context is created on the first pointer or key press, and sounds asked for before that
 * are dropped. The muted choice is remembered in localStorage.
 */

const STORAGE_KEY = 'studio.muted';

let muted = readMuted();
let unlocked = false;
let context: AudioContext | null = null;
let master: GainNode | null = null;
const listeners = new Set<() => void>();

function readMuted(): boolean {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

function setMuted(next: boolean): void {
  muted = next;
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, next ? '1' : '0');
  } catch {
    // Private mode or storage disabled: the choice holds for this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function unlock(): void {
  unlocked = true;
  if (context?.state === 'suspended') void context.resume();
}

if (typeof window !== 'undefined') {
  for (const type of ['pointerdown', 'keydown', 'touchend'] as const)
    window.addEventListener(type, unlock, { capture: true, passive: true });
}

function audio(): { ctx: AudioContext; out: GainNode } | null {
  if (!unlocked || muted) return null;
  const Ctor =
    globalThis.AudioContext ??
    (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return null;
  if (!context) {
    try {
      context = new Ctor();
    } catch {
      return null;
    }
    master = context.createGain();
    master.gain.value = 0.35;
    master.connect(context.destination);
  }
  if (context.state === 'suspended') void context.resume();
  return master ? { ctx: context, out: master } : null;
}

interface ToneOptions {
  type?: OscillatorType;
  freq: number;
  /** Glide to this frequency over the tone. */
  to?: number;
  start?: number;
  duration: number;
  gain?: number;
  attack?: number;
}

function tone(ctx: AudioContext, out: AudioNode, o: ToneOptions): void {
  const t0 = ctx.currentTime + (o.start ?? 0);
  const osc = ctx.createOscillator();
  const env = ctx.createGain();
  osc.type = o.type ?? 'sine';
  osc.frequency.setValueAtTime(o.freq, t0);
  if (o.to) osc.frequency.exponentialRampToValueAtTime(o.to, t0 + o.duration);
  const peak = o.gain ?? 0.5;
  const attack = o.attack ?? 0.005;
  env.gain.setValueAtTime(0.0001, t0);
  env.gain.exponentialRampToValueAtTime(peak, t0 + attack);
  env.gain.exponentialRampToValueAtTime(0.0001, t0 + o.duration);
  osc.connect(env).connect(out);
  osc.start(t0);
  osc.stop(t0 + o.duration + 0.02);
}

let noiseBuffer: AudioBuffer | null = null;

function noise(
  ctx: AudioContext,
  out: AudioNode,
  o: { start?: number; duration: number; gain: number; filter: BiquadFilterType; freq: number; q?: number },
): void {
  if (!noiseBuffer || noiseBuffer.sampleRate !== ctx.sampleRate) {
    noiseBuffer = ctx.createBuffer(1, ctx.sampleRate, ctx.sampleRate);
    const data = noiseBuffer.getChannelData(0);
    for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
  }
  const t0 = ctx.currentTime + (o.start ?? 0);
  const source = ctx.createBufferSource();
  source.buffer = noiseBuffer;
  const filter = ctx.createBiquadFilter();
  filter.type = o.filter;
  filter.frequency.value = o.freq;
  filter.Q.value = o.q ?? 1;
  const env = ctx.createGain();
  env.gain.setValueAtTime(0.0001, t0);
  env.gain.exponentialRampToValueAtTime(o.gain, t0 + 0.01);
  env.gain.exponentialRampToValueAtTime(0.0001, t0 + o.duration);
  source.connect(filter).connect(env).connect(out);
  source.start(t0);
  source.stop(t0 + o.duration + 0.02);
}

/** Equal-tempered note frequency: 0 = A4 (440 Hz). */
const note = (semitones: number) => 440 * 2 ** (semitones / 12);

const SOUNDS: Record<TSoundName, (ctx: AudioContext, out: AudioNode) => void> = {
  click(ctx, out) {
    tone(ctx, out, { type: 'triangle', freq: 1400, to: 900, duration: 0.05, gain: 0.25 });
  },
  chip(ctx, out) {
    // Two clay chips touching: a bright ping and a short clack.
    tone(ctx, out, { freq: 2600, duration: 0.06, gain: 0.25 });
    tone(ctx, out, { freq: 3900, start: 0.018, duration: 0.05, gain: 0.18 });
    noise(ctx, out, { duration: 0.04, gain: 0.3, filter: 'highpass', freq: 3000 });
  },
  card(ctx, out) {
    // A card sliding across the felt: band-passed noise sweeping down.
    noise(ctx, out, { duration: 0.16, gain: 0.5, filter: 'bandpass', freq: 2200, q: 0.8 });
    noise(ctx, out, { start: 0.05, duration: 0.05, gain: 0.25, filter: 'highpass', freq: 5000 });
  },
  spin(ctx, out) {
    tone(ctx, out, { type: 'sawtooth', freq: 110, to: 220, duration: 0.35, gain: 0.12, attack: 0.05 });
    noise(ctx, out, { duration: 0.35, gain: 0.12, filter: 'lowpass', freq: 900 });
  },
  stop(ctx, out) {
    tone(ctx, out, { freq: 180, to: 60, duration: 0.14, gain: 0.6 });
    noise(ctx, out, { duration: 0.05, gain: 0.15, filter: 'lowpass', freq: 1200 });
  },
  win(ctx, out) {
    [3, 7, 10, 15].forEach((n, i) =>
      tone(ctx, out, { type: 'triangle', freq: note(n), start: i * 0.08, duration: 0.22, gain: 0.3 }),
    );
  },
  bigwin(ctx, out) {
    [3, 7, 10, 15, 19, 22, 27].forEach((n, i) =>
      tone(ctx, out, { type: 'triangle', freq: note(n), start: i * 0.09, duration: 0.35, gain: 0.3 }),
    );
    for (let i = 0; i < 10; i++)
      tone(ctx, out, { freq: note(30 + ((i * 5) % 12)), start: 0.6 + i * 0.05, duration: 0.12, gain: 0.12 });
  },
  jackpot(ctx, out) {
    // A short fanfare: a rising major arpeggio over a held chord, then sparkles.
    const chord = [3, 7, 10];
    chord.forEach((n) =>
      tone(ctx, out, {
        type: 'sawtooth',
        freq: note(n - 12),
        start: 0,
        duration: 1.6,
        gain: 0.06,
        attack: 0.1,
      }),
    );
    [3, 7, 10, 15, 10, 15, 19, 22].forEach((n, i) =>
      tone(ctx, out, { type: 'square', freq: note(n), start: i * 0.12, duration: 0.2, gain: 0.1 }),
    );
    tone(ctx, out, { type: 'triangle', freq: note(27), start: 1.0, duration: 0.9, gain: 0.3 });
    for (let i = 0; i < 16; i++)
      tone(ctx, out, { freq: note(31 + ((i * 7) % 12)), start: 1.0 + i * 0.06, duration: 0.1, gain: 0.1 });
  },
};

export function playSound(name: TSoundName): void {
  const a = audio();
  if (!a) return;
  try {
    SOUNDS[name](a.ctx, a.out);
  } catch {
    // A sound is decoration: an audio failure must never break the game.
  }
}

export function useSound(): { play(name: TSoundName): void; muted: boolean; toggleMuted(): void } {
  const isMuted = useSyncExternalStore(
    subscribe,
    () => muted,
    () => muted,
  );
  const toggleMuted = useCallback(() => {
    setMuted(!muted);
    // Unmuting is itself a gesture: confirm it with a click so the member hears sound works.
    if (!muted) playSound('click');
  }, []);
  return { play: playSound, muted: isMuted, toggleMuted };
}
