import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TLocale } from '@casino/contracts/locales';
import type { TLegalKind } from '@casino/contracts/site';
import { callApi } from '../api.ts';

// Shared by the /terms and /privacy pages and the register form's consent (which names the
// versions a new member accepts): one key per document and locale.
export const legalDocumentKey = (kind: TLegalKind, locale: TLocale) =>
  ['get-legal-document', kind, locale] as const;

/** `get-legal-document` (public): the version in force, in `locale` (Korean when it has no such text). */
export function fetchLegalDocument(kind: TLegalKind, locale: TLocale, signal?: AbortSignal) {
  return callApi('get-legal-document', { kind, locale }, { signal });
}

export function legalDocumentQueryOptions(kind: TLegalKind, locale: TLocale) {
  return queryOptions({
    queryKey: legalDocumentKey(kind, locale),
    queryFn: ({ signal }) => fetchLegalDocument(kind, locale, signal),
    // A new version is rare; the register form and the page read the same answer.
    staleTime: 5 * 60_000,
  });
}

export function useLegalDocument(kind: TLegalKind, locale: TLocale) {
  return useQuery(legalDocumentQueryOptions(kind, locale));
}
