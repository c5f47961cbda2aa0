import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TGetSessionSummaryResponse } from '@casino/contracts/protection';
import { Icon } from '../../components/ui/icon.tsx';
import { ModalDescription, ModalLayer, ModalTitle } from '@casino/web-kit/modal-layer.tsx';
import { useFormat } from '../../i18n/use-format.ts';
import { useLocalizedPath } from '../../i18n/use-localized-path.ts';
import { formatDateTime } from '@casino/web-kit/format';
import { sessionLength } from '../../lib/protection/reality-check.ts';
import './overlays.css';

/**
 * What the frame shows for player protection, loaded only when one shows (the frame's script stays
 * small): the reality-check dialog and the notice of the previous sign-in.
 */

export interface TShownCheck {
  summary: TGetSessionSummaryResponse;
  /** When the dialog opened (ms): the session's length is counted to it. */
  at: number;
}

/** The dialog itself: the session's length, its bets, wins and net result, and the three ways on. */
export function RealityCheckDialog({
  shown,
  onContinue,
  onHistory,
  onSignOut,
}: {
  shown: TShownCheck | null;
  onContinue: () => void;
  onHistory: () => void;
  onSignOut: () => void;
}) {
  return (
    <ModalLayer
      isOpen={shown !== null}
      onEscape={onContinue}
      overlayClassName="modal-overlay--center"
      className="dialog dialog--info reality-check"
      role="alertdialog"
      aria-modal="true"
    >
      {shown && (
        <RealityCheckBody shown={shown} onContinue={onContinue} onHistory={onHistory} onSignOut={onSignOut} />
      )}
    </ModalLayer>
  );
}

function RealityCheckBody({
  shown,
  onContinue,
  onHistory,
  onSignOut,
}: {
  shown: TShownCheck;
  onContinue: () => void;
  onHistory: () => void;
  onSignOut: () => void;
}) {
  const { t } = useTranslation(['protection', 'common']);
  const format = useFormat();
  const navigate = useNavigate();
  const href = useLocalizedPath();
  const { summary, at } = shown;
  const { hours, minutes } = sessionLength(new Date(summary.startedAt).getTime(), at);
  const length =
    hours > 0 ? t('reality.lengthHours', { hours, minutes }) : t('reality.lengthMinutes', { minutes });
  const tone = summary.net > 0 ? 'plus' : summary.net < 0 ? 'minus' : 'even';
  return (
    <>
      <div className="dialog__badge" aria-hidden="true">
        <Icon name="clock" size={28} />
      </div>
      <ModalTitle className="dialog__title">{t('reality.dialogTitle')}</ModalTitle>
      <ModalDescription className="dialog__message">{t('reality.dialogText', { length })}</ModalDescription>
      <dl className="reality-check__facts">
        <div>
          <dt>{t('reality.length')}</dt>
          <dd>{length}</dd>
        </div>
        <div>
          <dt>{t('reality.bets')}</dt>
          <dd>{format.money(summary.bets)}</dd>
        </div>
        <div>
          <dt>{t('reality.wins')}</dt>
          <dd>{format.money(summary.wins)}</dd>
        </div>
        <div className={`reality-check__net reality-check__net--${tone}`}>
          <dt>{t('reality.net')}</dt>
          <dd>
            {summary.net > 0 ? '+' : ''}
            {format.money(summary.net)}
          </dd>
        </div>
      </dl>
      <div className="dialog__actions reality-check__actions">
        <button type="button" className="btn btn--primary" onClick={onContinue}>
          {t('reality.continue')}
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => {
            onHistory();
            void navigate(href('history'));
          }}
        >
          {t('reality.history')}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onSignOut}>
          <Icon name="logout" size={16} />
          {t('common:auth.logout')}
        </button>
      </div>
    </>
  );
}

/** The previous sign-in (date, time, IP): a small notice at the bottom of the screen, closed by the member. */
export function LastLoginNotice({
  lastLogin,
  onClose,
}: {
  lastLogin: { at: string; ip: string | null };
  onClose: () => void;
}) {
  const { t } = useTranslation(['protection', 'common']);
  return (
    <div className="last-login" role="status">
      <Icon name="clock" size={18} className="last-login__icon" />
      <p className="last-login__text">
        {t('sessions.previous', {
          when: formatDateTime(lastLogin.at),
          ip: lastLogin.ip ?? t('sessions.unknownIp'),
        })}
      </p>
      <button
        type="button"
        className="icon-btn last-login__close"
        onClick={onClose}
        aria-label={t('common:action.close')}
      >
        <Icon name="close" size={18} />
      </button>
    </div>
  );
}
