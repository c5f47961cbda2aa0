/**
 * Text that can be stored and shown as it was sent. PostgreSQL `text` refuses U+0000 (the insert
 * fails), and a lone UTF-16 surrogate cannot be encoded in UTF-8 (drivers replace it with U+FFFD,
 * silently changing the data), so both are refused as input everywhere: the server's text guard
 * answers 400 for them on every route, and forms may use the same rule.
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one
// (String.prototype.isWellFormed is ES2024, beyond our TypeScript lib and some target browsers).
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
