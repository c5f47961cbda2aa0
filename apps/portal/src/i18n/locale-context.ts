import { createContext, useContext } from 'react';
import { DEFAULT_LOCALE, type TLocale } from '@casino/contracts/locales';

/** The locale of the current URL, provided by the router's locale root. */
export const LocaleContext = createContext<TLocale>(DEFAULT_LOCALE);

export function useLocale(): TLocale {
  return useContext(LocaleContext);
}
