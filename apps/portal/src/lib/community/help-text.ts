import type { TFunction } from 'i18next';
import { HELP_CONTENTS_MAX, HELP_TITLE_MAX } from '@casino/contracts/fields';
import { fieldErrorText } from '../../i18n/error-text.ts';

const MAX = { title: HELP_TITLE_MAX, contents: HELP_CONTENTS_MAX } as const;

/**
 * The message of a help form's field error, shared by the member's form (/help) and the guest's
 * (/login): a missing title is msg2024 and missing contents msg2025, a too long
 * one names the limit; every other field and code reads as everywhere (`field.<path>.<code>`).
 */
export function helpFieldText(t: TFunction, field: string, code: string): string {
  if (field === 'title' || field === 'contents') {
    if (code === 'required') return t(field === 'title' ? 'common:msg2024' : 'common:msg2025');
    if (code === 'length') return t(`community:help.form.${field}Length`, { max: MAX[field] });
  }
  return fieldErrorText(t, field, code);
}
