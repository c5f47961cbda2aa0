import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FailureNotice } from '../../components/notice.tsx';
import { SummaryFigures, useWon } from './figures.tsx';
import { usePartnerBalance, usePartnerSummary, useSelfPartner } from './queries.ts';
import './partners.css';

/**
 * The partner's dashboard (its landing screen): its subtree's members and sub-partners, today's
 * and this month's deposits, withdrawals, stakes, wins and GGR, and its commission balance.
 */
export function PartnerHomePage() {
  const won = useWon();
  const { t } = useTranslation();
  const { partnerId } = useSelfPartner();
  const params = partnerId ? { partnerId } : null;
  const summary = usePartnerSummary(params);
  const balance = usePartnerBalance(params);
  const data = summary.data?.status === 'success' ? summary.data : null;
  const money = balance.data?.status === 'success' ? balance.data : null;
  return (
    <section className="partners">
      <div className="page-head">
        <h1 className="page-title">{t('partners.home.title')}</h1>
        {partnerId && <span className="muted">{partnerId}</span>}
      </div>
      <FailureNotice error={summary.error ?? balance.error} />
      <div className="partners__cards">
        <div className="box partners__card">
          <span className="muted">{t('partners.home.members')}</span>
          <strong>{data ? data.members.toLocaleString() : '…'}</strong>
          <Link to="/partner-members">{t('partners.home.seeMembers')}</Link>
        </div>
        <div className="box partners__card">
          <span className="muted">{t('partners.home.partners')}</span>
          <strong>{data ? data.partners.toLocaleString() : '…'}</strong>
          <Link to="/partners">{t('partners.home.seePartners')}</Link>
        </div>
        <div className="box partners__card">
          <span className="muted">{t('partners.home.balance')}</span>
          <strong>{money ? won(money.balance) : '…'}</strong>
          {money && money.held > 0 && (
            <span className="muted">{t('partners.home.held', { amount: won(money.held) })}</span>
          )}
          {money && money.carried > 0 && (
            <span className="muted">{t('partners.home.carried', { amount: won(money.carried) })}</span>
          )}
          <Link to="/payouts">{t('partners.home.askPayout')}</Link>
        </div>
      </div>
      {data && (
        <section className="box" aria-labelledby="partner-home-figures">
          <h2 id="partner-home-figures" className="partners__heading">
            {t('partners.home.figures')}
          </h2>
          <SummaryFigures summary={data} />
        </section>
      )}
    </section>
  );
}
