import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlotGameDefinition, SlotWin } from '@casino/studio-engine/types';
import {
  FrameButton,
  GameFrame,
  HelpIcon,
  JackpotBanner,
  formatWon,
  useErrorText,
  useStudio,
  type TLang,
} from '../shell/index.ts';
import { Banner, useCountUp } from './banners.tsx';
import { Controls } from './controls.tsx';
import { Paytable } from './paytable.tsx';
import { Reels, SymbolArt } from './reels.tsx';
import { themeFor, type SlotTheme } from './themes/index.ts';
import { useSlotMachine, type MeterView } from './use-slot-machine.ts';
import './slots.css';

/** Codes whose text the slot screen words itself (what the member can do about it); others use the shell's. */
const OWN_CODES = new Set(['not_enough_money', 'bet_out_of_range', 'invalid_token', 'limit_exceeded']);

/** Whether a key press belongs to something else than the game's spin shortcut. */
function isForSomethingElse(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.repeat || event.altKey || event.ctrlKey || event.metaKey) return true;
  const target = event.target as HTMLElement | null;
  if (
    target?.closest?.(
      'button, a, input, select, textarea, summary, [contenteditable="true"], [role="dialog"], [role="alertdialog"]',
    )
  )
    return true;
  // A dialog (paytable, autoplay, fairness) or the jackpot banner is open: keys are theirs.
  return document.querySelector('[aria-modal="true"]') !== null;
}

function WinText({
  win,
  theme,
  definition,
  lang,
}: {
  win: SlotWin;
  theme: SlotTheme;
  definition: SlotGameDefinition;
  lang: TLang;
}) {
  const { t } = useTranslation('slots');
  return (
    <span className="slot-wintext">
      {win.line >= 0 ? (
        <span className="slot-wintext__where">{t('win.line', { line: win.line + 1 })}</span>
      ) : null}
      {win.line === -1 ? <span className="slot-wintext__where">{t('win.scatter')}</span> : null}
      <SymbolArt theme={theme} id={win.symbol} className="slot-wintext__sym" />
      <span>×{win.count}</span>
      {win.ways !== undefined && definition.pays === 'ways' ? (
        <span className="slot-wintext__ways">{t('win.ways', { n: win.ways })}</span>
      ) : null}
      <strong>{formatWon(win.amount, lang)}</strong>
    </span>
  );
}

function Meter({ meter, lang, label }: { meter: MeterView; lang: TLang; label: string }) {
  const shown = useCountUp(meter.amount, meter.from, meter.ms, meter.seq);
  return (
    <span className="slot-meter__win">
      <span className="slot-meter__label">{label}</span>
      <strong className="slot-meter__amount" data-testid="slot-win">
        {formatWon(shown, lang)}
      </strong>
    </span>
  );
}

/**
 * A video slot of the house studio (jade-lotus, tiger-fortune, dragon-pearl: same machine, each
 * with its own art): 5 reels of 3 rows, the bet, spin (button, Space or Enter, a tap on the
 * reels), turbo, autoplay, the paytable, and the presentation of each round the studio settles.
 */
export function SlotGame() {
  const { session, lang } = useStudio();
  const definition = session.definition as SlotGameDefinition;
  const theme = themeFor(definition.code);
  const { t } = useTranslation('slots');
  const errorText = useErrorText();
  const machine = useSlotMachine(definition);
  const [paytableOpen, setPaytableOpen] = useState(false);
  const code = definition.code;
  const name = t(`games.${code}.name`, { defaultValue: code });

  const { press } = machine;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== ' ' && event.key !== 'Enter') return;
      if (isForSomethingElse(event)) return;
      event.preventDefault();
      press();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [press]);

  const symbolName = (id: string) =>
    /^H\d$/.test(id) ? t(`games.${code}.symbols.${id}`, { defaultValue: id }) : t(`symbols.${id}`);
  const windowLabel = useMemo(
    () =>
      machine.reels.some((r) => r.phase !== 'idle')
        ? t('reels.spinning')
        : machine.reels
            .map((r, i) => t('reels.reel', { n: i + 1, symbols: r.symbols.map(symbolName).join(', ') }))
            .join('; '),
    // symbolName only depends on t and code.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [machine.reels, t, code],
  );

  const { highlight, free, overlay, message, last } = machine;
  const messageText = message
    ? OWN_CODES.has(message)
      ? t(`refused.${message}`)
      : errorText(message)
    : null;
  const meterLabel = free ? t('meter.freeWin') : t('meter.win');

  return (
    <GameFrame
      title={name}
      extra={
        <FrameButton label={t('controls.paytable')} onClick={() => setPaytableOpen(true)}>
          <HelpIcon />
        </FrameButton>
      }
    >
      <div
        className={`slot slot--${theme.key}${free ? ' is-free' : ''}${machine.turbo ? ' is-turbo' : ''}`}
        data-game={code}
      >
        <theme.Sprite />
        <theme.Scene />
        <div className="slot-head">
          <div className="slot-logo" aria-hidden="true">
            <span className="slot-logo__name">{name}</span>
            <span className="slot-logo__tag">{t(`games.${code}.tagline`, { defaultValue: '' })}</span>
          </div>
          {/* Always in the layout (hidden outside free games) so the reels never move when it shows. */}
          <div className={`slot-free${free ? '' : ' is-hidden'}`} role="status" data-testid="slot-free">
            {free ? (
              <>
                <span className="slot-free__label">{t('free.title')}</span>
                <span className="slot-free__count">
                  {t('free.counter', { index: Math.max(free.index, 1), total: free.total })}
                </span>
                {free.multiplier > 1 ? <span className="slot-free__mult">×{free.multiplier}</span> : null}
              </>
            ) : null}
          </div>
        </div>

        <div className="slot-cabinet">
          <div className="slot-frame">
            <Reels
              reels={machine.reels}
              highlight={highlight}
              theme={theme}
              definition={definition}
              landMs={machine.landMs}
              label={windowLabel}
              onTap={machine.press}
            />
            {overlay ? <Banner overlay={overlay} lang={lang} onSkip={machine.skipPause} /> : null}
          </div>
        </div>

        <div className="slot-meter">
          {highlight?.current ? (
            <WinText win={highlight.current} theme={theme} definition={definition} lang={lang} />
          ) : machine.meter.amount > 0 || machine.busy ? (
            <Meter meter={machine.meter} lang={lang} label={meterLabel} />
          ) : (
            <span className="slot-meter__hint">{t('meter.hint')}</span>
          )}
        </div>

        {messageText ? (
          <div className={`slot-message${message === 'invalid_token' ? ' is-fatal' : ''}`} role="alert">
            <span>{messageText}</span>
            <button
              type="button"
              className="slot-message__close"
              onClick={machine.dismissMessage}
              aria-label={t('controls.dismiss')}
            >
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                <path
                  d="M6 6l12 12M18 6L6 18"
                  stroke="currentColor"
                  strokeWidth="2.4"
                  strokeLinecap="round"
                />
              </svg>
            </button>
          </div>
        ) : null}

        <Controls
          lang={lang}
          bet={machine.bet}
          betLevels={definition.betLevels}
          busy={machine.busy}
          auto={machine.auto}
          turbo={machine.turbo}
          onBet={machine.setBet}
          onPress={machine.press}
          onTurbo={machine.setTurbo}
          onAuto={machine.startAuto}
          onStopAuto={machine.stopAuto}
        />

        <p className="st-sr-only" aria-live="polite">
          {last
            ? last.totalWin > 0
              ? t('win.announce', { amount: formatWon(last.totalWin, lang) })
              : t('win.announceNone')
            : ''}
        </p>

        <JackpotBanner hits={machine.jackpots} lang={lang} onClose={machine.onJackpotClosed} />
        <Paytable
          open={paytableOpen}
          onClose={() => setPaytableOpen(false)}
          definition={definition}
          theme={theme}
          bet={machine.bet}
          lang={lang}
        />
      </div>
    </GameFrame>
  );
}
