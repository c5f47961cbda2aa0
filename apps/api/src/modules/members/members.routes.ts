import { normalizeHost } from '@casino/contracts/host';
import type { ModuleContext } from '../../lib/module-context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MemberResolver } from '../../lib/calls.ts';
import { requestHostSource } from '../../lib/request-host.ts';
import { MEMBER_COOKIE, readCookie, setSessionCookie } from '../auth/cookies.ts';
import { clientDevice } from '../auth/device.ts';
import type { MembersService } from './members.service.ts';
import type { SitesService } from '../settings/sites.service.ts';

/** Counts a hit against a per-IP limit and refuses it with 429 when over. */
async function limitPerIp(
  ctx: ModuleContext,
  name: string,
  ip: string,
  max: number,
  windowMs: number,
): Promise<void> {
  const hit = await ctx.rateLimiter.hit(`${name}:${ip}`, windowMs);
  if (hit.count > max) throw new AppError('too_many', { retryAfterSec: hit.retryAfterSec });
}

/** The session resolver of member calls (`sid` cookie). */
export function memberResolver(members: MembersService): MemberResolver {
  return (request, options) => members.resolve(readCookie(request, MEMBER_COOKIE), options);
}

/** The member calls of docs/api/member-calls.md that read or change member data. */
export function registerMemberCalls(
  ctx: ModuleContext,
  deps: { members: MembersService; sites?: Pick<SitesService, 'siteOfHost'> },
): void {
  const { members, sites } = deps;
  const { config } = ctx;

  ctx.calls.register('user-do-login', async (input, { request, reply }) => {
    const result = await members.signIn({
      userId: input.userId,
      password: input.password,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      device: clientDevice(request, reply),
    });
    if (result.status === 'blocked' && result.until !== undefined)
      return { status: 'blocked', until: result.until?.toISOString() ?? null };
    if (result.status !== 'success') return { status: result.status };
    setSessionCookie(request, reply, MEMBER_COOKIE, result.created);
    const user = await members.user(result.memberId);
    if (!user) throw new AppError('unauthenticated');
    return { status: 'success', user };
  });

  // The most frequent request of the product (every 30 s and after every action of every signed-in
  // member): one statement reads the session and the member as TUser together, and the poll is not
  // activity, so it writes nothing.
  ctx.calls.register(
    'user-health-check',
    async (_input, { member }) => {
      const user = member.user;
      if (!user) throw new Error('user-health-check is registered withUser');
      return { status: 'success', noteCount: user.noteCount, helpCount: user.helpCount, user };
    },
    { isActivity: false, withUser: true },
  );

  ctx.calls.register('user-register', async (input, { request, reply }) => {
    await limitPerIp(ctx, 'register-ip', request.ip, config.registerMaxPerIp, config.registerWindowMs);
    const { agree18: _agreed, ...member } = input;
    // On a site's host the member joins the site's partner unless its code names one.
    const site = await sites?.siteOfHost(requestHostSource(request));
    const result = await members.register(member, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      device: clientDevice(request, reply),
      sitePartnerId: site?.partnerId,
    });
    return result.status === 'success' ? { status: 'success' } : result;
  });

  ctx.calls.register('check-user-id', async (input, { request }) => {
    await limitPerIp(ctx, 'check-ip', request.ip, config.checkMaxPerIp, config.checkWindowMs);
    return { status: (await members.isUserIdFree(input.userId)) ? 'success' : 'alread_have_user' };
  });

  ctx.calls.register('check-user-nick', async (input, { request }) => {
    await limitPerIp(ctx, 'check-ip', request.ip, config.checkMaxPerIp, config.checkWindowMs);
    return { status: (await members.isNickFree(input.nick)) ? 'success' : 'alread_have_user' };
  });

  ctx.calls.register('get-reg-domain', async (_input, { request }) => {
    const host = requestHostSource(request);
    // A site's own registration code first (docs/api/backoffice-sites.md), while it is enabled.
    const site = await sites?.siteOfHost(host);
    const siteCode = site?.regCode ? await members.enabledRegCode(site.regCode) : undefined;
    if (siteCode) return { status: 'success', code: siteCode, domain: normalizeHost(host) };
    const found = await members.regDomainFor(host);
    return found
      ? { status: 'success', code: found.code, domain: found.domain }
      : { status: 'cant_find_code' };
  });

  // The bank list is part of the build: one answer, encoded once, for as long as the server runs.
  ctx.calls.register('get-banks', async () => ({ status: 'success', banks: members.banks() }), {
    cacheForMs: Infinity,
  });

  ctx.calls.register('get-member-account', async (_input, { member }) => {
    const account = await members.account(member.memberId);
    if (!account) throw new AppError('unauthenticated');
    return { status: 'success', account };
  });

  ctx.calls.register('change-password', async (input, { request, member }) => ({
    status: await members.changePassword(member, input, request.ip),
  }));

  // Newer terms or privacy policy (TUser.termsToAccept): the versions the member read and accepts.
  ctx.calls.register('accept-terms', async (input, { request, member }) => ({
    status: await members.acceptTerms(member, input, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    }),
  }));

  ctx.calls.register('change-exchange-password', async (input, { request, member }) => ({
    status: await members.changeExchangePassword(member, input, request.ip),
  }));
}
