/** One field an audited change touched: its value before and after (undefined: absent). */
export interface Change {
  field: string;
  before: unknown;
  after: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The fields of an audit entry that differ between `before` and `after`, in the order they were
 * written. Two records are compared field by field (a field only before or only after is shown
 * on its side alone); anything else is one value (field '').
 */
export function changesOf(before: unknown, after: unknown): Change[] {
  const b = before ?? undefined;
  const a = after ?? undefined;
  if ((isRecord(b) || b === undefined) && (isRecord(a) || a === undefined)) {
    const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
    return keys
      .filter((key) => JSON.stringify(b?.[key]) !== JSON.stringify(a?.[key]))
      .map((key) => ({ field: key, before: b?.[key], after: a?.[key] }));
  }
  return JSON.stringify(b) === JSON.stringify(a) ? [] : [{ field: '', before: b, after: a }];
}

/** A value as an operator reads it: text as it is, everything else as compact JSON. */
export function showValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null) return 'null';
  return JSON.stringify(value);
}
