import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CALLS, type TCallName, type TCallParsed, type TCallResponse } from '@casino/contracts/calls';
import {
  MEMBER_REQUIREMENT_RULES,
  refusingRequirement,
  type TMemberRequirement,
  type TUser,
} from '@casino/contracts/members';
import { AppError } from './app-error.ts';
import { sendEncoded, sendJson } from './encoded-body.ts';
import { parseInput, pickResponse } from './routes.ts';
import { SharedAnswers } from './shared-answers.ts';

/** The signed-in member behind a request, as the session layer resolved it. */
export interface MemberPrincipal {
  memberId: number;
  userId: string;
  sessionId: number;
  /**
   * What the member must do first (a password change after an operator's reset, the acceptance of
   * newer terms), the first one first: each refuses the member calls it does not allow (`refusal`).
   */
  requires: readonly TMemberRequirement[];
  /** The member as TUser, read with the session, for a call registered `withUser`. */
  user?: TUser;
}

export interface CallContext {
  request: FastifyRequest;
  reply: FastifyReply;
  member: MemberPrincipal | null;
}

export interface MemberCallContext extends CallContext {
  member: MemberPrincipal;
}

type WhoOf<N extends TCallName> = (typeof CALLS)[N]['who'];

export type CallHandler<N extends TCallName> = (
  input: TCallParsed<N>,
  ctx: WhoOf<N> extends 'member' ? MemberCallContext : CallContext,
) => Promise<TCallResponse<N>>;

export interface MemberResolver {
  /**
   * Resolves the member session of a request. `touch` marks member activity (extends the idle
   * timeout); `withUser` reads the member as TUser in the same round trip.
   */
  (request: FastifyRequest, options: { touch: boolean; withUser: boolean }): Promise<MemberPrincipal | null>;
}

export interface CallOptions {
  /**
   * Whether the call is member activity, which extends the idle timeout (default true). The
   * health poll is not: a member who only leaves the page open is signed out after 30 minutes.
   */
  isActivity?: boolean;
  /** The handler needs the member as TUser (`member.user`), read with the session in one statement. */
  withUser?: boolean;
  /**
   * A public call whose answer is the same for every caller with the same input may be kept this
   * long (ms) by each server instance, serialized and compressed once, and sent as it is: the
   * calls every home page polls cost next to nothing (issue 9). Only for answers that depend on
   * the input alone (not on the host, a cookie or a header), and whose handler sets nothing on
   * the reply. `Infinity` for an answer that never changes while the server runs.
   */
  cacheForMs?: number;
}

const CALL_PREFIX = '/api/routes/';

/**
 * The 403 a member gets for `call` while something must be done first (`must_change_password`,
 * `must_accept_terms`), or undefined when the call is allowed. Member routes outside the call
 * registry (the history CSV) ask it under the name of the call they stand for.
 */
export function refusal(member: Pick<MemberPrincipal, 'requires'>, call: string): AppError | undefined {
  const requirement = refusingRequirement(member.requires, call);
  return requirement ? new AppError(MEMBER_REQUIREMENT_RULES[requirement].status) : undefined;
}

interface Registered {
  handler: CallHandler<TCallName>;
  resolveOptions: { touch: boolean; withUser: boolean };
  cacheForMs: number | undefined;
}

/**
 * The member calls of docs/api/member-calls.md, each registered by the module that owns it. One route,
 * `POST /api/routes/:call`, looks the call up, checks who may make it, validates the body with the
 * contract's schema, and answers with only the fields the response schema names. Validation and
 * response picking are the same functions every other route uses (`lib/routes.ts`); only the
 * call-name lookup and the `who` rules are particular to member calls.
 */
export class CallRegistry {
  readonly #handlers = new Map<TCallName, Registered>();
  readonly #shared: SharedAnswers;

  constructor(options: { now: () => Date }) {
    this.#shared = new SharedAnswers(options.now);
  }

  register<N extends TCallName>(name: N, handler: CallHandler<N>, options: CallOptions = {}): void {
    if (this.#handlers.has(name)) throw new Error(`call ${name} registered twice`);
    if (options.cacheForMs !== undefined && CALLS[name].who !== 'public')
      throw new Error(`call ${name}: only a public call's answer can be kept for everyone`);
    this.#handlers.set(name, {
      handler: handler as unknown as CallHandler<TCallName>,
      resolveOptions: { touch: options.isActivity ?? true, withUser: options.withUser ?? false },
      cacheForMs: options.cacheForMs,
    });
  }

  has(name: string): boolean {
    return this.#handlers.has(name as TCallName);
  }

  /**
   * Whether a URL is a poll: a call that is not member activity (the health poll) or whose answer
   * is kept for everyone (what every home page asks for). The access log writes those at debug.
   */
  isPoll(url: string): boolean {
    if (!url.startsWith(CALL_PREFIX)) return false;
    const registered = this.#handlers.get(url.slice(CALL_PREFIX.length) as TCallName);
    return (
      registered !== undefined && (!registered.resolveOptions.touch || registered.cacheForMs !== undefined)
    );
  }

  mount(app: FastifyInstance, resolveMember: MemberResolver): void {
    app.post<{ Params: { call: string } }>(`${CALL_PREFIX}:call`, async (request, reply) => {
      const name = request.params.call as TCallName;
      const registered = this.#handlers.get(name);
      const call = Object.hasOwn(CALLS, name) ? CALLS[name] : undefined;
      if (!registered || !call) throw new AppError('invalid', { errors: [{ path: '', code: 'unknown' }] });

      const member = call.who === 'public' ? null : await resolveMember(request, registered.resolveOptions);
      if (call.who === 'member' && !member) throw new AppError('unauthenticated');
      if (call.who === 'guest' && member) return sendJson(request, reply, { status: 'authenticated' });
      if (call.who === 'member' && member) {
        const refused = refusal(member, name);
        if (refused) throw refused;
      }

      const parsed = parseInput(call.request, request.body);

      if (registered.cacheForMs !== undefined) {
        const body = await this.#shared.get(
          `${name}\n${JSON.stringify(parsed)}`,
          registered.cacheForMs,
          async () =>
            JSON.stringify(
              pickResponse(
                call.response,
                await registered.handler(parsed as never, { request, reply, member }),
              ),
            ),
        );
        return sendEncoded(request, reply, body, 'application/json; charset=utf-8');
      }

      const result = await registered.handler(
        parsed as TCallParsed<TCallName>,
        { request, reply, member } as MemberCallContext,
      );
      // Responses pick only public fields: whatever the handler returned, only what the contract names leaves.
      return sendJson(request, reply, pickResponse(call.response, result));
    });
  }
}
