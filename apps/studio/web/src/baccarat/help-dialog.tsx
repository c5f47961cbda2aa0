import { useTranslation } from 'react-i18next';
import { BACCARAT_SPOTS, type BaccaratTable } from '@casino/studio-engine/types';
import { Dialog, formatWon, useStudio } from '../shell/index.ts';
import { payoutText } from './bets.ts';

/** The table's rules: payouts and limits per spot, card values and the third-card rules. */
export function HelpDialog({
  open,
  onClose,
  table,
}: {
  open: boolean;
  onClose(): void;
  table: BaccaratTable;
}) {
  const { t } = useTranslation('baccarat');
  const { lang } = useStudio();
  return (
    <Dialog open={open} onClose={onClose} title={t('help.title')} size="wide">
      <p>{t('help.goal')}</p>
      <h3>{t('help.payoutsTitle')}</h3>
      <div className="st-table-wrap">
        <table className="st-table">
          <thead>
            <tr>
              <th scope="col">{t('help.spot')}</th>
              <th scope="col">{t('help.payout')}</th>
              <th scope="col" className="st-num">
                {t('help.min')}
              </th>
              <th scope="col" className="st-num">
                {t('help.max')}
              </th>
            </tr>
          </thead>
          <tbody>
            {BACCARAT_SPOTS.map((spot) => (
              <tr key={spot}>
                <th scope="row">{t(`spots.${spot}`)}</th>
                <td>{payoutText(table, spot)}</td>
                <td className="st-num">{formatWon(table.limits[spot].min, lang)}</td>
                <td className="st-num">{formatWon(table.limits[spot].max, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="st-hint">{t('help.unit', { unit: formatWon(table.unit, lang) })}</p>
      <ul className="bc-help-list">
        <li>{t('help.commission')}</li>
        <li>{t('help.tiePush')}</li>
        <li>{t('help.pairs')}</li>
      </ul>
      <h3>{t('help.valuesTitle')}</h3>
      <p>{t('help.values')}</p>
      <h3>{t('help.drawTitle')}</h3>
      <ul className="bc-help-list">
        <li>{t('help.natural')}</li>
        <li>{t('help.playerRule')}</li>
        <li>{t('help.bankerStands')}</li>
        <li>{t('help.bankerRule')}</li>
      </ul>
      <div className="st-table-wrap">
        <table className="st-table bc-tableau">
          <caption className="st-hint">{t('help.tableauCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('help.bankerTotal')}</th>
              <th scope="col">{t('help.bankerDraws')}</th>
            </tr>
          </thead>
          <tbody>
            {(['0-2', '3', '4', '5', '6', '7'] as const).map((row) => (
              <tr key={row}>
                <th scope="row">{row}</th>
                <td>{t(`help.tableau.${row}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>{t('help.shoeTitle')}</h3>
      <p>{t('help.shoe', { decks: table.decks, cards: table.decks * 52, cut: table.cutCard })}</p>
      <h3>{t('help.keysTitle')}</h3>
      <p>{t('help.keys')}</p>
    </Dialog>
  );
}
