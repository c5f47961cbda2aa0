import { useMemo } from 'react';
import { create } from 'qrcode';

/**
 * The QR code of an `otpauth://` URI for an authenticator app, drawn as SVG squares from the
 * `qrcode` library's module matrix: no canvas, no image URL, nothing the content security policy
 * has to allow. The secret is shown as text beside it by the caller (for typing it in by hand).
 */
export function TotpQr({ value, label, size = 176 }: { value: string; label: string; size?: number }) {
  const { path, count } = useMemo(() => {
    const modules = create(value, { errorCorrectionLevel: 'M' }).modules;
    let d = '';
    for (let row = 0; row < modules.size; row++)
      for (let col = 0; col < modules.size; col++)
        if (modules.data[row * modules.size + col]) d += `M${col + 4} ${row + 4}h1v1h-1z`;
    // Four modules of quiet zone on every side, as the standard asks.
    return { path: d, count: modules.size + 8 };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${count} ${count}`}
      shapeRendering="crispEdges"
      className="totp-qr"
    >
      <rect width={count} height={count} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/** A base32 secret in groups of four, as people type it into an authenticator app. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}
