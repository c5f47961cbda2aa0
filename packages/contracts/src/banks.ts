import type { TLocale } from './locales.ts';

/** Korean banks a member can register a withdrawal account at, by their KFTC 3-digit code. */
export const BANKS = [
  { code: '002', nameKo: 'KDB산업은행', nameEn: 'KDB Korea Development Bank' },
  { code: '003', nameKo: 'IBK기업은행', nameEn: 'IBK Industrial Bank of Korea' },
  { code: '004', nameKo: 'KB국민은행', nameEn: 'KB Kookmin Bank' },
  { code: '007', nameKo: '수협은행', nameEn: 'Suhyup Bank' },
  { code: '011', nameKo: 'NH농협은행', nameEn: 'NH NongHyup Bank' },
  { code: '012', nameKo: '지역농축협', nameEn: 'NH Local Cooperatives' },
  { code: '020', nameKo: '우리은행', nameEn: 'Woori Bank' },
  { code: '023', nameKo: 'SC제일은행', nameEn: 'SC First Bank' },
  { code: '027', nameKo: '한국씨티은행', nameEn: 'Citibank Korea' },
  { code: '031', nameKo: 'iM뱅크(대구은행)', nameEn: 'iM Bank (Daegu)' },
  { code: '032', nameKo: '부산은행', nameEn: 'Busan Bank' },
  { code: '034', nameKo: '광주은행', nameEn: 'Kwangju Bank' },
  { code: '035', nameKo: '제주은행', nameEn: 'Jeju Bank' },
  { code: '037', nameKo: '전북은행', nameEn: 'Jeonbuk Bank' },
  { code: '039', nameKo: '경남은행', nameEn: 'Kyongnam Bank' },
  { code: '045', nameKo: '새마을금고', nameEn: 'MG Saemaul Geumgo' },
  { code: '048', nameKo: '신협', nameEn: 'Shinhyup (Credit Union)' },
  { code: '050', nameKo: '저축은행', nameEn: 'Savings Bank' },
  { code: '064', nameKo: '산림조합', nameEn: 'Forestry Cooperative' },
  { code: '071', nameKo: '우체국', nameEn: 'Korea Post' },
  { code: '081', nameKo: '하나은행', nameEn: 'Hana Bank' },
  { code: '088', nameKo: '신한은행', nameEn: 'Shinhan Bank' },
  { code: '089', nameKo: '케이뱅크', nameEn: 'K Bank' },
  { code: '090', nameKo: '카카오뱅크', nameEn: 'KakaoBank' },
  { code: '092', nameKo: '토스뱅크', nameEn: 'Toss Bank' },
] as const;

export type TBank = (typeof BANKS)[number];
export type TBankCode = TBank['code'];

export const BANK_CODES: readonly TBankCode[] = BANKS.map((b) => b.code);

export function isBankCode(value: unknown): value is TBankCode {
  return typeof value === 'string' && (BANK_CODES as readonly string[]).includes(value);
}

export function findBank(code: string): TBank | undefined {
  return BANKS.find((b) => b.code === code);
}

/** A bank's name for display: Korean on the ko locale, English elsewhere; the raw code when unknown. */
export function bankName(code: string, locale: TLocale): string {
  const bank = findBank(code);
  if (!bank) return code;
  return locale === 'ko' ? bank.nameKo : bank.nameEn;
}
