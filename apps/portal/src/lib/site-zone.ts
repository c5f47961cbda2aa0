import { useTranslation } from 'react-i18next';
import { siteTimeZone } from '@casino/web-kit/format';

/** The server's default zone, which members read as "Korea time" in their language. */
const KOREA = 'Asia/Seoul';

/**
 * The site's time zone as members read it beside a time (decision 0020): "Korea time" in their
 * language when the site runs on Asia/Seoul, else the zone's IANA name (`America/New_York`).
 */
export function useSiteZoneName(): string {
  const { t } = useTranslation('common');
  const zone = siteTimeZone();
  return zone === KOREA ? t('siteZone.korea') : zone;
}
