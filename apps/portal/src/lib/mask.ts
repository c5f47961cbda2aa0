/**
 * Masks for the member's own details wherever a page shows them (my page, /withdraw, ...): enough
 * to recognise them, not enough for a shoulder or a screenshot to read them. A page shows the full
 * value only where the member must check it, after a deliberate press.
 */

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

/**
 * A bank account number by its last four digits: `1234567890` -> `******7890` (at most six stars,
 * so a long number does not read as a longer one). Four digits or fewer stay as they are.
 */
export function maskAccountNumber(banknum: string): string {
  const digits = banknum.replace(/\D/g, '');
  if (digits.length <= 4) return digits;
  return `${'*'.repeat(Math.min(6, digits.length - 4))}${digits.slice(-4)}`;
}
