import type { TFunction } from 'i18next';
import type { THelp } from '@casino/contracts/community';

/**
 * A help post's title as the member reads it: the deposit-account inquiry (`user-ask-account`,
 * stored with the operators' Korean title) in the member's language, any other post as written.
 */
export function helpTitle(t: TFunction, help: Pick<THelp, 'kind' | 'title'>): string {
  return help.kind === 'account_inquiry' ? t('common:accountInquiryTitle') : help.title;
}
