/** Integer won as operators read it: `12,000원` in Korean, `₩12,000` in English (`-₩5,000` below 0). */
export function formatWon(amount: number, language: string): string {
  const digits = new Intl.NumberFormat(language === 'ko' ? 'ko-KR' : 'en-US').format(Math.abs(amount));
  const sign = amount < 0 ? '-' : '';
  return language === 'ko' ? `${sign}${digits}원` : `${sign}₩${digits}`;
}

/** A date and time to the second in the browser's time zone, `2026-11-24 23:13:40` in every language. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ` +
    `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`
  );
}
