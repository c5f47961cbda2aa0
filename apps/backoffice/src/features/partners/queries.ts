import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TBackofficeParams, TBackofficeQuery } from '@casino/contracts/backoffice-routes';
import { apiQuery } from '../../lib/api.ts';
import { useOperator } from '../../app/session.ts';

/**
 * The partner console's reads, from the typed client (`apiQuery`; docs/api/backoffice-partners.md).
 * The server scopes every one of them: a partner reads its own subtree only.
 */
export function usePartners(query: TBackofficeQuery<'partners.list'>) {
  return useQuery({ ...apiQuery('partners.list', { query }), placeholderData: keepPreviousData });
}

export function usePartnerSummary(params: TBackofficeParams<'partners.summary'> | null) {
  return useQuery({
    ...apiQuery('partners.summary', { params: params ?? { partnerId: '' } }),
    enabled: params !== null,
  });
}

export function usePartnerBalance(params: TBackofficeParams<'partners.balance'> | null) {
  return useQuery({
    ...apiQuery('partners.balance', { params: params ?? { partnerId: '' } }),
    enabled: params !== null,
  });
}

export function usePartnerCodes(params: TBackofficeParams<'partners.codes'> | null) {
  return useQuery({
    ...apiQuery('partners.codes', { params: params ?? { partnerId: '' } }),
    enabled: params !== null,
  });
}

export function useSettlement(
  params: TBackofficeParams<'partners.settlement'> | null,
  query: TBackofficeQuery<'partners.settlement'>,
) {
  return useQuery({
    ...apiQuery('partners.settlement', { params: params ?? { partnerId: '' }, query }),
    enabled: params !== null,
  });
}

export function useSettlementDays(
  params: TBackofficeParams<'partners.days'> | null,
  query: TBackofficeQuery<'partners.days'>,
) {
  return useQuery({
    ...apiQuery('partners.days', { params: params ?? { partnerId: '' }, query }),
    enabled: params !== null,
  });
}

export function useSettlements(params: TBackofficeParams<'partners.settlements'> | null) {
  return useQuery({
    ...apiQuery('partners.settlements', { params: params ?? { partnerId: '' }, query: { pageSize: 20 } }),
    enabled: params !== null,
  });
}

export function usePayouts(query: TBackofficeQuery<'partners.payouts'>) {
  return useQuery({ ...apiQuery('partners.payouts', { query }), placeholderData: keepPreviousData });
}

export function usePartnerMembers(query: TBackofficeQuery<'members.list'>) {
  return useQuery({ ...apiQuery('members.list', { query }), placeholderData: keepPreviousData });
}

/** The signed-in operator as a partner: its id when it is one, else null (the owner). */
export function useSelfPartner(): { isPartner: boolean; partnerId: string | null } {
  const me = useOperator();
  const role = me.data?.role;
  return {
    isPartner: role === 'partner',
    partnerId: role === 'partner' ? (me.data?.operatorId ?? null) : null,
  };
}
