import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventHub, type EventSink } from '../src/lib/event-hub.ts';
import {
  BUS_CHANNEL,
  busPayloads,
  createDatabaseBus,
  parseBusPayload,
  timeOfBusId,
  type BusMessage,
} from '../src/lib/event-bus.ts';
import { bo, createMember, createOperator, type TestMember, type TestOperator } from './factories.ts';
import { createTestProvider } from './game-provider.ts';
import { createTestApp, SAME_ORIGIN, type TestApp } from './harness.ts';
import { openEventStream, type EventStreamClient } from './event-stream-client.ts';

// Real-time events (issue 24, docs/api/events.md): a member's stream over HTTP, fed through the
// database's LISTEN/NOTIFY after each change commits, resumable with Last-Event-ID.

/** How long a wait for an event may take on a loaded machine (a bound against a hang, not a speed check). */
const SLOW = { timeout: 15_000 };
let t: TestApp;
let base: string;
let owner: TestOperator;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await createOperator(t, 'owner');
});
afterAll(async () => {
  await t?.close();
});

/** The member's stream on the test server. */
const open = (cookie: string, headers: Record<string, string> = {}) =>
  openEventStream(`${base}/api/events`, { cookie, ...headers });

async function memberCall(name: string, body: unknown, cookie: string) {
  const answer = await t.app.inject({
    method: 'POST',
    url: `/api/routes/${name}`,
    headers: { ...SAME_ORIGIN, 'content-type': 'application/json', cookie },
    payload: JSON.stringify(body),
  });
  return answer.json() as Record<string, unknown>;
}

describe('the member stream', () => {
  let member: TestMember;
  let stream: EventStreamClient;

  beforeAll(async () => {
    member = await createMember(t, { cash: 50_000, comp: 3_000 });
  });
  afterAll(() => stream?.close());

  it('needs a member session: 401 in the contract shape without one', async () => {
    const answer = await fetch(`${base}/api/events`);
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ status: 'unauthenticated' });
  });

  it('starts with the member’s figures as they are', async () => {
    stream = await open(member.cookie);
    expect(stream.status).toBe(200);
    expect(stream.contentType).toContain('text/event-stream');
    expect((await stream.next((e) => e.event === 'balance')).data).toEqual({
      balance: 50_000,
      rolling: 3_000,
    });
    expect((await stream.next((e) => e.event === 'note')).data).toEqual({ noteCount: 0 });
    expect((await stream.next((e) => e.event === 'help')).data).toEqual({ helpCount: 0 });
  });

  it('tells a deposit’s states and the new balance after the operator’s decisions commit', async () => {
    expect(await memberCall('apply-user-deposit', { amount: 30_000 }, member.cookie)).toEqual({
      status: 'success',
    });
    const row = await t.db
      .selectFrom('deposit_requests')
      .select('id')
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    const from = stream.events.length;
    expect((await bo(t, 'deposits.reg', { cookie: owner.cookie, params: { id: row.id } })).body.status).toBe(
      'success',
    );
    expect((await stream.next((e) => e.event === 'cashier', from)).data).toEqual({
      kind: 'deposit',
      id: row.id,
      state: 'reg',
    });
    const approved = await bo(t, 'deposits.approve', {
      cookie: owner.cookie,
      params: { id: row.id },
      key: 'ev-approve-1',
    });
    expect(approved.body.status).toBe('success');
    const state = await stream.next((e) => e.event === 'cashier' && e.data.state === 'already', from);
    expect(state.data).toEqual({ kind: 'deposit', id: row.id, state: 'already' });
    const balance = await stream.next((e) => e.event === 'balance' && e.data.balance === 80_000, from);
    expect(balance.data).toEqual({ balance: 80_000, rolling: 3_000 });
    expect(balance.id && timeOfBusId(balance.id)).toBeGreaterThan(0);
  });

  it('tells a note and an answer to a help post; the counts drop when the member reads them', async () => {
    // The deposit's approval may have left a note already: counts are compared with the member's own.
    const counts = await memberCall('user-health-check', {}, member.cookie);
    const notes = counts.noteCount as number;
    const from = stream.events.length;
    const sent = await bo(t, 'notes.send', {
      cookie: owner.cookie,
      body: { userId: member.userId, title: 'Hello', contents: '<p>Welcome</p>' },
    });
    expect(sent.body).toEqual({ status: 'success' });
    expect(
      (await stream.next((e) => e.event === 'note' && e.data.noteCount === notes + 1, from)).data,
    ).toEqual({
      noteCount: notes + 1,
    });

    expect(
      await memberCall('user-write-help', { title: 'A question', contents: 'How?' }, member.cookie),
    ).toEqual({
      status: 'success',
    });
    const help = await t.db
      .selectFrom('helps')
      .select('id')
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    const answered = await bo(t, 'helps.answer', {
      cookie: owner.cookie,
      params: { id: help.id },
      body: { answer: '<p>Like this</p>' },
    });
    expect(answered.body).toEqual({ status: 'success' });
    expect((await stream.next((e) => e.event === 'help', from)).data).toEqual({ helpCount: 1 });

    const read = stream.events.length;
    await memberCall('read-all-note', {}, member.cookie);
    expect((await stream.next((e) => e.event === 'note', read)).data).toEqual({ noteCount: 0 });
  });

  it('tells a provider’s bet at once, and never another member’s changes', async () => {
    const other = await createMember(t, { cash: 10_000 });
    const provider = await createTestProvider(t, owner, { kind: 'slot', games: ['e1'], code: 'eventslot' });
    const token = await provider.launch(member);
    const from = stream.events.length;
    const bet = await provider.wallet('bet', {
      token,
      userId: member.userId,
      transactionId: 'ev-bet-1',
      roundId: 'ev-round-1',
      gameCode: 'e1',
      amount: 5_000,
    });
    expect(bet.body.status).toBe('RS_OK');
    expect((await stream.next((e) => e.event === 'balance' && e.data.balance === 75_000, from)).data).toEqual(
      {
        balance: 75_000,
        rolling: expect.any(Number),
      },
    );
    // The other member's money moves: nothing of it reaches this stream.
    const seen = stream.events.length;
    const adjusted = await bo(t, 'members.adjust', {
      cookie: owner.cookie,
      params: { userId: other.userId },
      key: 'ev-adjust-1',
      body: { amount: 1_000, reason: 'test' },
    });
    expect(adjusted.body.status).toBe('success');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stream.events.slice(seen).filter((e) => e.event === 'balance')).toEqual([]);
  });

  it('a stream resuming with Last-Event-ID gets what it missed; an unknown id gets the figures as they are', async () => {
    const last = stream.events.at(-1)!;
    const lastId = [...stream.events].reverse().find((e) => e.id)!.id!;
    expect(last).toBeDefined();
    stream.close();
    // Missed while away: a note.
    await bo(t, 'notes.send', {
      cookie: owner.cookie,
      body: { userId: member.userId, title: 'While away', contents: '<p>x</p>' },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    stream = await open(member.cookie, { 'last-event-id': lastId });
    expect((await stream.next((e) => e.event === 'note')).data).toEqual({ noteCount: 1 });
    expect(stream.events[0]!.id).not.toBe(lastId);
    // Resumed, not restarted: what it is sent replays messages (each with its id); a fresh start
    // would send the figures without one.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stream.events.filter((e) => e.event !== 'jackpot' && e.id === undefined)).toEqual([]);

    const fresh = await open(member.cookie, { 'last-event-id': 'not-an-id' });
    expect((await fresh.next((e) => e.event === 'balance')).data).toMatchObject({ balance: 75_000 });
    fresh.close();
  });
});

describe("a member's streams", () => {
  it('are at most eight per instance: 40 opened at once, the rest answer 429, and closing frees them', async () => {
    const member = await createMember(t, { cash: 1_000 });
    const opened = await Promise.all(Array.from({ length: 40 }, () => open(member.cookie)));
    expect(opened.filter((s) => s.status === 200).length).toBe(8);
    expect(opened.filter((s) => s.status === 429).length).toBe(32);
    const refused = await fetch(`${base}/api/events`, { headers: { cookie: member.cookie } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ status: 'too_many' });
    for (const s of opened) s.close();
    await expect
      .poll(async () => {
        const again = await open(member.cookie);
        again.close();
        return again.status;
      }, SLOW)
      .toBe(200);
  });
});

describe("the operators' stream", () => {
  it('sends the queues on connecting and after a request comes in; a role without the dashboard is refused', async () => {
    const operatorStream = await openEventStream(`${base}/api/backoffice/events`, { cookie: owner.cookie });
    expect(operatorStream.status).toBe(200);
    const { events } = operatorStream;
    await expect.poll(() => events.length, SLOW).toBeGreaterThan(0);
    const first = events[0]!;
    expect(first.event).toBe('queue');
    const deposits = first.data.deposits as number;
    const member = await createMember(t, { cash: 1_000 });
    expect(await memberCall('apply-user-deposit', { amount: 20_000 }, member.cookie)).toEqual({
      status: 'success',
    });
    await expect
      .poll(() => events.some((e) => e.event === 'queue' && e.data.deposits === deposits + 1), SLOW)
      .toBe(true);
    operatorStream.close();

    const contentOperator = await createOperator(t, 'content');
    const refused = await fetch(`${base}/api/backoffice/events`, {
      headers: { cookie: contentOperator.cookie },
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ status: 'denied' });
  });
});

describe('the bus between instances', () => {
  it('a message published on one bus reaches every bus on the database, after its transaction commits', async () => {
    // Two buses over one database stand for two instances.
    const one = createDatabaseBus(t.db, notificationsOf(t));
    const two = createDatabaseBus(t.db, notificationsOf(t));
    await Promise.all([one.ready, two.ready]);
    const heard: string[] = [];
    two.subscribe((m) => heard.push(`${m.type}:${m.member ?? ''}`));
    await one.publish({ type: 'note', member: 'someone' });
    await expect.poll(() => heard, SLOW).toContain('note:someone');
    await Promise.all([one.close(), two.close()]);
  });

  it('a burst published at once leaves in a few NOTIFYs, every distinct message heard in order', async () => {
    const one = createDatabaseBus(t.db, notificationsOf(t));
    const two = createDatabaseBus(t.db, notificationsOf(t));
    await Promise.all([one.ready, two.ready]);
    let payloads = 0;
    const unlisten = await notificationsOf(t).listen(BUS_CHANNEL, () => void (payloads += 1));
    const heard: string[] = [];
    two.subscribe((m) => {
      if (m.member?.startsWith('burst-')) heard.push(`${m.type}:${m.member}`);
    });
    // 40 members' balances and the same member's balance 40 times, all at once (a table's bets).
    const distinct = Array.from({ length: 40 }, (_, i) => `burst-${i}`);
    await Promise.all([
      ...distinct.map((member) => one.publish({ type: 'balance', member })),
      ...distinct.map(() => one.publish({ type: 'balance', member: 'burst-same' })),
    ]);
    const expected = [...distinct, 'burst-same'].map((m) => `balance:${m}`);
    await expect.poll(() => heard, SLOW).toHaveLength(expected.length);
    expect(heard).toEqual(expected);
    // One payload per send in flight: far fewer than the 80 messages (one each before).
    expect(payloads).toBeLessThanOrEqual(3);
    await unlisten();
    await Promise.all([one.close(), two.close()]);
  });

  it('a batch is split below the NOTIFY payload limit, a lone message stays a message, a malformed one is dropped', async () => {
    const message = (i: number, data?: Record<string, unknown>): { message: BusMessage; json: string } => {
      const m: BusMessage = { id: `x-00000000-${i}`, at: i, type: 'cache', ...(data ? { data } : {}) };
      return { message: m, json: JSON.stringify(m) };
    };
    const one = busPayloads([message(1)]);
    expect(one).toEqual([message(1).json]);
    const big = Array.from({ length: 60 }, (_, i) => message(i, { name: 'x'.repeat(400), i }));
    const split = busPayloads(big);
    expect(split.length).toBeGreaterThan(1);
    for (const payload of split) expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(7_900);
    const back = split.flatMap((p) => {
      const value = JSON.parse(p) as BusMessage | BusMessage[];
      return Array.isArray(value) ? value : [value];
    });
    expect(back.map((m) => m.data?.i)).toEqual(big.map((_, i) => i));
    // The same message but for its id, twice in a batch: sent once.
    expect(busPayloads([message(1, { n: 1 }), message(2, { n: 1 }), message(3, { n: 2 })])).toHaveLength(1);
    expect(JSON.parse(busPayloads([message(1, { n: 1 }), message(2, { n: 1 })])[0]!)).toMatchObject({
      id: 'x-00000000-1',
    });
    // What a listener reads: a message, an array of them; anything malformed is nothing.
    expect(parseBusPayload(split[0]!).length).toBeGreaterThan(1);
    expect(parseBusPayload(one[0]!)).toEqual([message(1).message]);
    for (const bad of ['nope', '[{"id":1}]', '{"id":"a","at":1}', 'null', '[1]'])
      expect(parseBusPayload(bad)).toEqual([]);
  });

  it('a hub coalesces a burst of one member’s messages into one read, and drops a client that does not read', async () => {
    const bus = createDatabaseBus(t.db, notificationsOf(t));
    await bus.ready;
    let reads = 0;
    const hub = createEventHub({
      bus,
      now: Date.now,
      readMember: async () => {
        reads += 1;
        return { balance: 1, rolling: 2, noteCount: 3, helpCount: 4 };
      },
      readQueue: async () => ({ deposits: 0, withdraws: 0, helps: 0 }),
      readJackpot: async () => ({ mega: 1, major: 2, minor: 3 }),
      coalesceMs: 100,
    });
    const written: string[] = [];
    const second: string[] = [];
    let ended = false;
    const sink: EventSink = {
      write: (c) => void written.push(c),
      backlog: 0,
      end: () => void (ended = true),
    };
    const other: EventSink = { write: (c) => void second.push(c), backlog: 0, end: () => {} };
    // One member in two tabs: each stream first reads the figures for itself.
    const detach = hub.openMember({ memberId: 999_001, userId: 'burst', lastEventId: undefined, sink });
    const detachOther = hub.openMember({
      memberId: 999_001,
      userId: 'burst',
      lastEventId: undefined,
      sink: other,
    });
    await expect.poll(() => reads, SLOW).toBe(2);
    // Then twenty messages at once: one read for both streams, one event each.
    for (let i = 0; i < 20; i++) await bus.publish({ type: 'balance', member: 'burst' });
    const balances = (list: string[]) => list.filter((w) => w.includes('event: balance')).length;
    await expect.poll(() => [balances(written), balances(second)], SLOW).toEqual([2, 2]);
    expect(reads).toBe(3);
    detachOther();
    // A client 1 MB behind is dropped (it reconnects and resumes).
    const slow: EventSink = { write: () => {}, backlog: 1_048_576, end: () => void (ended = true) };
    hub.openMember({ memberId: 999_002, userId: 'slow', lastEventId: undefined, sink: slow });
    expect(ended).toBe(true);
    detach();
    hub.close();
    await bus.close();
  });
});

/** The test app's database LISTEN (the harness gives it to the app's services). */
function notificationsOf(app: TestApp) {
  return app.notifications;
}
