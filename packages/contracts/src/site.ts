import { z } from 'zod';
import { ZIsoDate } from './fields.ts';
import { LOCALES } from './locales.ts';

// The site as a whole: its maintenance switch and its legal documents (terms, privacy policy).

export const ZSiteLocale = z.enum(LOCALES);

/** The longest maintenance message, per locale. */
export const MAINTENANCE_MESSAGE_MAX = 1000;
const ZMaintenanceText = z.string().trim().max(MAINTENANCE_MESSAGE_MAX);

/**
 * The operator's maintenance message: one text for every locale, or one per locale (a missing or
 * empty locale falls back to Korean, then to any other). Plain text, shown as text.
 */
export const ZMaintenanceMessage = z.union([
  ZMaintenanceText,
  z.strictObject({
    ko: ZMaintenanceText.optional(),
    en: ZMaintenanceText.optional(),
    jp: ZMaintenanceText.optional(),
    vn: ZMaintenanceText.optional(),
    cn: ZMaintenanceText.optional(),
  }),
]);
export type TMaintenanceMessage = z.infer<typeof ZMaintenanceMessage>;

/**
 * The maintenance switch as the operator sets it. `until` is the expected end, shown to members;
 * it does not end the maintenance by itself (the operator switches it off).
 */
export const ZMaintenanceSettings = z.object({
  enabled: z.boolean(),
  message: ZMaintenanceMessage,
  until: ZIsoDate.nullable(),
});
export type TMaintenanceSettings = z.infer<typeof ZMaintenanceSettings>;

/** The message of one locale: its own text, else Korean, else the first one written; null when none. */
export function maintenanceMessageFor(message: TMaintenanceMessage, locale: string): string | null {
  if (typeof message === 'string') return message === '' ? null : message;
  const own = (message as Record<string, string | undefined>)[locale];
  if (own) return own;
  if (message.ko) return message.ko;
  for (const code of LOCALES) if (message[code]) return message[code];
  return null;
}

/** `get-site-status`: `locale` picks the message (Korean when absent). */
export const ZGetSiteStatusRequest = z.strictObject({ locale: ZSiteLocale.optional() });
export type TGetSiteStatusRequest = z.infer<typeof ZGetSiteStatusRequest>;

export const ZSiteMaintenance = z.object({
  enabled: z.boolean(),
  message: z.string().nullable(),
  until: ZIsoDate.nullable(),
});
export type TSiteMaintenance = z.infer<typeof ZSiteMaintenance>;

/**
 * The site of the request's host (issue 25, docs/api/backoffice-sites.md): its name and look;
 * a host no site names gets the default site (SITE_NAME, the portal's own colours: nulls).
 */
export const ZSiteLook = z.object({
  name: z.string(),
  theme: z.object({ primary: z.string().nullable(), logoUrl: z.string().nullable() }),
});
export type TSiteLook = z.infer<typeof ZSiteLook>;

export const ZGetSiteStatusResponse = z.object({
  status: z.literal('success'),
  maintenance: ZSiteMaintenance,
  site: ZSiteLook,
});
export type TGetSiteStatusResponse = z.infer<typeof ZGetSiteStatusResponse>;

// --- legal documents ---

export const LEGAL_KINDS = ['terms', 'privacy'] as const;
export const ZLegalKind = z.enum(LEGAL_KINDS);
export type TLegalKind = z.infer<typeof ZLegalKind>;

export const LEGAL_TITLE_MAX = 200;
/** A document's HTML, before sanitizing (the server stores it sanitized). */
export const LEGAL_BODY_MAX = 60_000;

/** A published document in one locale. `body` is HTML sanitized by the one policy (sanitize-html.ts). */
export const ZLegalDocument = z.object({
  kind: ZLegalKind,
  version: z.int().positive(),
  locale: ZSiteLocale,
  title: z.string(),
  body: z.string(),
  publishedAt: ZIsoDate,
});
export type TLegalDocument = z.infer<typeof ZLegalDocument>;

/**
 * `get-legal-document`: the current version of a document, in `locale` (Korean when absent, and
 * when the current version has no text in that locale). `not_found` before any is published.
 */
export const ZGetLegalDocumentRequest = z.strictObject({ kind: ZLegalKind, locale: ZSiteLocale.optional() });
export type TGetLegalDocumentRequest = z.infer<typeof ZGetLegalDocumentRequest>;

export const ZGetLegalDocumentResponse = z.discriminatedUnion('status', [
  z.object({ status: z.literal('success'), document: ZLegalDocument }),
  z.object({ status: z.literal('not_found') }),
]);
export type TGetLegalDocumentResponse = z.infer<typeof ZGetLegalDocumentResponse>;
