/**
 * A phone number with its middle hidden: `01012345678` -> `010-****-5678`. Short or odd values keep
 * only their last two digits visible; an empty value stays empty.
 */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits === '') return '';
  if (digits.length >= 10)
    return `${digits.slice(0, 3)}-${'*'.repeat(digits.length - 7)}-${digits.slice(-4)}`;
  if (digits.length <= 2) return '*'.repeat(digits.length);
  return `${'*'.repeat(digits.length - 2)}${digits.slice(-2)}`;
}
