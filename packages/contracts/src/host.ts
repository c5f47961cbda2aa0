/**
 * The host of a URL, an origin or a Host header, in the form domain fields are compared in:
 * protocol, credentials, port, path, query, fragment, a trailing dot and one leading `www.` dropped,
 * lower-cased. IPv6 addresses lose their brackets (`[::1]:3000` -> `::1`). '' when there is none.
 */
export function normalizeHost(input: string | null | undefined): string {
  let rest = (input ?? '').trim().toLowerCase();
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//.exec(rest);
  if (scheme) rest = rest.slice(scheme[0].length);
  else if (rest.startsWith('//')) rest = rest.slice(2);
  rest = rest.split(/[/?#\\]/, 1)[0] ?? '';
  // Credentials come before the last '@': `a.com@evil.com` is evil.com.
  rest = rest.slice(rest.lastIndexOf('@') + 1);

  let host: string;
  if (rest.startsWith('[')) {
    const end = rest.indexOf(']');
    host = end === -1 ? rest.slice(1) : rest.slice(1, end);
  } else if (rest.indexOf(':') !== rest.lastIndexOf(':')) {
    host = rest;
  } else {
    host = rest.split(':', 1)[0] ?? '';
  }
  host = toAscii(host).replace(/\.+$/, '');
  if (host.startsWith('www.')) host = host.slice(4);
  return host;
}

// Browsers send internationalized hosts as punycode, while an operator may type them in Unicode.
function toAscii(host: string): string {
  if (!/[\u0080-\uffff]/.test(host)) return host;
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return host;
  }
}

/** The hosts a domain field lists (comma, `|` or whitespace separated), normalized. */
export function parseDomainField(field: string | null | undefined): string[] {
  return (field ?? '')
    .split(/[\s,|]+/)
    .filter((token) => token !== '')
    .map(normalizeHost);
}

/** Whether a notice, popup or registration domain applies to the request's host. */
export function domainMatches(
  domainField: string | null | undefined,
  host: string | null | undefined,
): boolean {
  const hosts = parseDomainField(domainField);
  if (hosts.length === 0) return true;
  const own = normalizeHost(host);
  return own !== '' && hosts.includes(own);
}
