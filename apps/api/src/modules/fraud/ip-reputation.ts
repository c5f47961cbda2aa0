/**
 * The hook for an IP-reputation service (docs/api/backoffice-fraud.md "IP reputation"). No outside
 * service is reachable from a site in every market, so the platform calls none: an operator who has
 * one passes an implementation to `createServices({ipReputation})` (in `main.ts`). Registration and
 * sign-in then ask it about the client's address, at most IP_REPUTATION_TIMEOUT_MS; a `risky`
 * answer adds a review entry (the request goes on), anything else or no answer in time changes
 * nothing.
 */
export interface IpReputation {
  /** What the service knows of `ip` (normalized IPv4 dotted or IPv6 compact). */
  check(ip: string, signal: AbortSignal): Promise<'ok' | 'risky' | 'unknown'>;
}

/** How long registration and sign-in wait for the service. */
export const IP_REPUTATION_TIMEOUT_MS = 300;

/** The service's answer within the timeout, `unknown` when it fails or is late. */
export async function askReputation(service: IpReputation, ip: string): Promise<'ok' | 'risky' | 'unknown'> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'unknown'>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve('unknown');
    }, IP_REPUTATION_TIMEOUT_MS);
  });
  try {
    return await Promise.race([service.check(ip, controller.signal).catch(() => 'unknown' as const), late]);
  } finally {
    clearTimeout(timer);
  }
}
