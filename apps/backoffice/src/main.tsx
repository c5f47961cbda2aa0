// The Korean face (Pretendard, split by unicode-range: a screen loads only the subsets it shows).
import 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setSiteTimeZone } from '@casino/web-kit/format';
import { documentSiteTimeZone } from '@casino/web-kit/site-time-zone';
import { App } from './app/app.tsx';
import { initI18n } from './i18n/i18n.ts';
import './app/styles.css';

initI18n();
// Dates and report days on the site's clock: the zone the server wrote into the document (decision 0020).
setSiteTimeZone(documentSiteTimeZone(document));
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
