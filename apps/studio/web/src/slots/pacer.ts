/**
 * The clock of a slot round's presentation. Every pause goes through `wait(kind)`, so one place
 * decides how long things take: turbo shortens them, a member who presses spin during a round
 * hurries the rest of it (the reels slam to a stop, the wins flash by, but every spin is still
 * shown), a tap on a banner skips just that pause, and leaving the game cancels whatever waits.
 */

export type TPause =
  /** Reels spin at least this long before the first one stops. */
  | 'minSpin'
  /** Between one reel stopping and the next. */
  | 'stagger'
  /** A reel's landing animation. */
  | 'land'
  /** Extra spin of the last reels when a free-game trigger is in reach. */
  | 'tease'
  /** Reels spinning before a free game's result. */
  | 'freeLead'
  /** A free game's result stays in view this long before the next free game starts. */
  | 'rest'
  /** All of a spin's wins shown together. */
  | 'winAll'
  /** One win shown on its own. */
  | 'winEach'
  /** Banners: free games won, more free games, the free games' total, a big win. */
  | 'freeIntro'
  | 'retrigger'
  | 'freeTotal'
  | 'bigWin'
  /** Between autoplay rounds. */
  | 'autoGap';

const NORMAL: Record<TPause, number> = {
  minSpin: 650,
  stagger: 230,
  land: 420,
  tease: 1100,
  freeLead: 450,
  rest: 650,
  winAll: 1400,
  winEach: 1100,
  freeIntro: 2800,
  retrigger: 2000,
  freeTotal: 3200,
  bigWin: 4200,
  autoGap: 400,
};

const TURBO: Record<TPause, number> = {
  minSpin: 220,
  stagger: 70,
  land: 200,
  tease: 450,
  freeLead: 160,
  rest: 250,
  winAll: 650,
  winEach: 450,
  freeIntro: 1400,
  retrigger: 1000,
  freeTotal: 1600,
  bigWin: 2200,
  autoGap: 120,
};

/** Pauses that are motion only: with reduced motion the reels do not run, so these shrink. */
const MOTION: ReadonlySet<TPause> = new Set(['minSpin', 'stagger', 'land', 'tease', 'freeLead']);

/** A hurried round still lets each spin be seen for a moment. */
const HURRIED_MS = 90;

export class Cancelled extends Error {
  constructor() {
    super('the slot presentation was cancelled');
    this.name = 'Cancelled';
  }
}

export interface PacerOptions {
  turbo(): boolean;
  reducedMotion(): boolean;
}

export class Pacer {
  private hurried = false;
  private cancelled = false;
  private current: { timer: ReturnType<typeof setTimeout>; done(): void } | null = null;
  private readonly options: PacerOptions;

  constructor(options: PacerOptions) {
    this.options = options;
  }

  /** How long a pause lasts now (ms). */
  duration(kind: TPause): number {
    let ms = (this.options.turbo() ? TURBO : NORMAL)[kind];
    if (this.options.reducedMotion() && MOTION.has(kind)) ms = Math.min(ms, kind === 'land' ? 0 : 120);
    if (this.hurried) ms = Math.min(ms, HURRIED_MS);
    return ms;
  }

  /** Waits for a pause; rejects with Cancelled once the game is gone. */
  wait(kind: TPause, extraMs = 0): Promise<void> {
    return this.sleep(this.duration(kind) + (this.hurried ? 0 : extraMs));
  }

  sleep(ms: number): Promise<void> {
    if (this.cancelled) return Promise.reject(new Cancelled());
    return new Promise<void>((resolve, reject) => {
      const done = () => {
        if (this.current?.timer === timer) this.current = null;
        clearTimeout(timer);
        if (this.cancelled) reject(new Cancelled());
        else resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      this.current = { timer, done };
    });
  }

  /** Ends the pause in progress (a tap on a banner). */
  skip(): void {
    this.current?.done();
  }

  /** Hurries the rest of the round (spin pressed again while it plays). */
  hurry(): void {
    this.hurried = true;
    this.skip();
  }

  get isHurried(): boolean {
    return this.hurried;
  }

  /** A new round starts unhurried. */
  reset(): void {
    this.hurried = false;
  }

  cancel(): void {
    this.cancelled = true;
    this.skip();
  }

  /** Mounted again (React's strict mode mounts, unmounts and mounts): waits work again. */
  revive(): void {
    this.cancelled = false;
  }
}
