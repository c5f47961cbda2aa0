/**
 * The game client's shell: what every game screen (src/baccarat, src/slots) builds on. Games use
 * only these exports, never the shell's files directly. Texts: react-i18next's
 * `useTranslation('<namespace>')` (src/i18n/index.ts describes the files).
 */
export {
  useStudio,
  StudioProvider,
  readLaunchParams,
  useErrorText,
  LoadingScreen,
  ErrorScreen,
} from './studio.tsx';
export { isRefusal } from './api.ts';
export { HttpError } from '@casino/web-kit/http';
export { useSound } from './sound.ts';
export { GameFrame, FrameBalance, FrameButton, HelpIcon, SoundButton } from './game-frame.tsx';
export { Dialog } from './dialog.tsx';
export { RealityCheck } from './reality-check.tsx';
export { useInterruption } from './interruption.ts';
export { JackpotBanner } from './jackpot-banner.tsx';
export type { JackpotHit } from './jackpot-banner.tsx';
export { formatCompact } from './format.ts';
export { formatNumber, formatWon } from '@casino/web-kit/format';
export type { TLang } from './format.ts';
export { usePrefersReducedMotion, prefersReducedMotion } from './motion.ts';
