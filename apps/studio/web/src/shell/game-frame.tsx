import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FairnessDialog } from './fairness-dialog.tsx';
import { ShieldIcon } from './shield-icon.tsx';
import { formatWon } from '@casino/web-kit/format';
import { useSound } from './sound.ts';
import { useStudio } from './studio.tsx';
import type { TLang } from './format.ts';

/**
 * The game window: a top bar (title, balance, sound, provably fair, and the game's own help
 * button in `extra`) over the stage. The stage fills the rest of the window, from a 360 px phone
 * held upright to a desktop and the platform's 800 x 1400 game window.
 */
export function GameFrame({
  title,
  extra,
  children,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('shell');
  const { balance, lang } = useStudio();
  const { muted, toggleMuted, play } = useSound();
  const [fairOpen, setFairOpen] = useState(false);

  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <div className="st-frame">
      <header className="st-topbar">
        <div className="st-topbar__title">
          <span className="st-topbar__brand" aria-hidden="true">
            <svg viewBox="0 0 24 24" width="22" height="22">
              <path d="M3 8l4.5 3.5L12 4l4.5 7.5L21 8l-2 11H5z" fill="currentColor" />
            </svg>
          </span>
          <h1>{title}</h1>
        </div>
        <FrameBalance balance={balance} lang={lang} />
        <div className="st-topbar__actions">
          <SoundButton muted={muted} onToggle={toggleMuted} />
          <button
            type="button"
            className="st-icon-btn"
            onClick={() => {
              play('click');
              setFairOpen(true);
            }}
            aria-haspopup="dialog"
            aria-label={t('fair.title')}
            title={t('fair.title')}
          >
            <ShieldIcon />
          </button>
          {extra}
        </div>
      </header>
      <main className="st-stage">{children}</main>
      <FairnessDialog open={fairOpen} onClose={() => setFairOpen(false)} />
    </div>
  );
}

/** The top bar's balance, read out as it changes. */
export function FrameBalance({ balance, lang }: { balance: number; lang: TLang }) {
  const { t } = useTranslation('shell');
  return (
    <div className="st-balance" aria-live="polite">
      <span className="st-balance__label">{t('balance')}</span>
      <span className="st-balance__value">{formatWon(balance, lang)}</span>
    </div>
  );
}

/** The top bar's sound switch. */
export function SoundButton({ muted, onToggle }: { muted: boolean; onToggle: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <button
      type="button"
      className="st-icon-btn"
      onClick={onToggle}
      aria-pressed={muted}
      aria-label={muted ? t('soundOn') : t('soundOff')}
      title={muted ? t('soundOn') : t('soundOff')}
    >
      <SpeakerIcon muted={muted} />
    </button>
  );
}

function SpeakerIcon({ muted }: { muted: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
      {muted ? (
        <path d="M16 9l5 6M21 9l-5 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      ) : (
        <path
          d="M16 8.5a5 5 0 010 7M18.5 6a8.5 8.5 0 010 12"
          stroke="currentColor"
          strokeWidth="2"
          fill="none"
          strokeLinecap="round"
        />
      )}
    </svg>
  );
}

/** A round icon button for the top bar, e.g. the game's help or paytable button passed as `extra`. */
export function FrameButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <button type="button" className="st-icon-btn" onClick={onClick} aria-label={label} title={label}>
      {children}
    </button>
  );
}

/** The usual help icon ("i" in a circle), for the paytable button. */
export function HelpIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M12 10.5v6" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      <circle cx="12" cy="7.3" r="1.3" fill="currentColor" />
    </svg>
  );
}
