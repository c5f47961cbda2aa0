import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './dialog.tsx';
import { formatWon } from '@casino/web-kit/format';
import type { TLang } from './format.ts';
import { interruptPlay } from './interruption.ts';
import {
  acceptedOrigins,
  answerPortal,
  greetPortal,
  isFromPortal,
  parsePortalMessage,
  type TRealityCheck,
} from './portal-link.ts';

interface TShown {
  check: TRealityCheck;
  /** The portal window's origin the check came from: the answers go there and nowhere else. */
  origin: string;
}

/**
 * The reality check in the game window (issue 14, decision 0014): the portal that opened this
 * window posts it at each interval of the member's choice; the window shows the session's length,
 * bets, wins and net result over the game, stops autoplay, and offers continue (closes it),
 * history (the portal shows the member's history and comes to the front) and sign out (the portal
 * signs out, and this window closes). A window opened otherwise (no opener) never shows it.
 */
export function RealityCheck({ lang }: { lang: TLang }) {
  const [shown, setShown] = useState<TShown | null>(null);

  useEffect(() => {
    const opener = window.opener as Window | null;
    if (!opener) return;
    const origins = acceptedOrigins();
    const onMessage = (event: MessageEvent) => {
      if (!isFromPortal(event, window.opener as Window | null, origins)) return;
      const check = parsePortalMessage(event.data);
      if (!check) return;
      interruptPlay();
      setShown({ check, origin: event.origin });
    };
    window.addEventListener('message', onMessage);
    greetPortal(opener, origins);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  if (!shown) return null;
  const opener = () => window.opener as Window | null;
  return (
    <RealityCheckDialog
      check={shown.check}
      lang={lang}
      onContinue={() => {
        answerPortal(opener(), 'continue', shown.origin);
        setShown(null);
      }}
      onHistory={() => {
        answerPortal(opener(), 'history', shown.origin);
        setShown(null);
        // Within the member's click, so the browser lets the site's window come to the front.
        opener()?.focus();
      }}
      onSignOut={() => {
        answerPortal(opener(), 'sign-out', shown.origin);
        setShown(null);
        window.close();
      }}
    />
  );
}

/** The overlay itself (exported for its tests): the figures and the three ways on. */
export function RealityCheckDialog({
  check,
  lang,
  onContinue,
  onHistory,
  onSignOut,
}: {
  check: TRealityCheck;
  lang: TLang;
  onContinue(): void;
  onHistory(): void;
  onSignOut(): void;
}) {
  const { t } = useTranslation('shell');
  const hours = Math.floor(check.sessionMinutes / 60);
  const minutes = check.sessionMinutes % 60;
  const length =
    hours > 0 ? t('reality.lengthHours', { hours, minutes }) : t('reality.lengthMinutes', { minutes });
  const tone = check.net > 0 ? 'plus' : check.net < 0 ? 'minus' : 'even';
  return (
    <Dialog open alert onClose={onContinue} title={t('reality.title')}>
      <div className="st-reality" data-testid="reality-check">
        <p className="st-reality__text">{t('reality.text', { length })}</p>
        <dl className="st-reality__facts">
          <div>
            <dt>{t('reality.length')}</dt>
            <dd>{length}</dd>
          </div>
          <div>
            <dt>{t('reality.bets')}</dt>
            <dd>{formatWon(check.bets, lang)}</dd>
          </div>
          <div>
            <dt>{t('reality.wins')}</dt>
            <dd>{formatWon(check.wins, lang)}</dd>
          </div>
          <div className={`st-reality__net st-reality__net--${tone}`}>
            <dt>{t('reality.net')}</dt>
            <dd>
              {check.net > 0 ? '+' : ''}
              {formatWon(check.net, lang)}
            </dd>
          </div>
        </dl>
        <div className="st-reality__actions">
          <button type="button" className="st-btn st-btn--gold" onClick={onContinue}>
            {t('reality.continue')}
          </button>
          <button type="button" className="st-btn" onClick={onHistory}>
            {t('reality.history')}
          </button>
          <button type="button" className="st-btn" onClick={onSignOut}>
            {t('reality.signOut')}
          </button>
        </div>
        <p className="st-reality__hint">{t('reality.historyHint')}</p>
      </div>
    </Dialog>
  );
}
