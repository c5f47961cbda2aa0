import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CALL_NAMES, CALLS, isCallName, type TCallName, type TCallWho } from './calls.ts';
import { toFieldErrors } from './errors.ts';
import { STATUSES } from './status.ts';

// docs/api/member-calls.md, row by row: who may call, and every business outcome. Guest calls also answer
// `authenticated` to a signed-in caller (docs/api/README.md, "Who may call").
const TABLE: Record<TCallName, [TCallWho, string[]]> = {
  'user-do-login': ['guest', ['success', 'fail', 'blocked', 'authenticated']],
  'user-health-check': ['member', ['success']],
  // `fail`: refused without a reason given (this platform's addition, docs/api/backoffice-blacklist.md).
  'user-register': [
    'guest',
    ['success', 'alread_have_user', 'alread', 'cant_find_code', 'fail', 'authenticated'],
  ],
  'check-user-id': ['guest', ['success', 'alread_have_user', 'authenticated']],
  'check-user-nick': ['guest', ['success', 'alread_have_user', 'authenticated']],
  'get-reg-domain': ['public', ['success', 'cant_find_code']],
  'get-banks': ['public', ['success']],
  'get-banners': ['public', ['success']],
  'get-jackpot': ['public', ['success']],
  'get-cash-ticker': ['public', ['success']],
  'get-cashier-status': ['public', ['success']],
  'user-write-help': ['member', ['success']],
  'guest-write-help': ['guest', ['success', 'authenticated']],
  'get-help-list': ['member', ['success']],
  'read-help-message': ['member', ['success', 'not_found']],
  'del-help': ['member', ['success', 'not_found']],
  'del-all-help': ['member', ['success']],
  'user-ask-account': ['member', ['success', 'already']],
  'get-user-notices': ['public', ['success']],
  'get-notice-popup': ['public', ['success']],
  'get-user-note': ['member', ['success']],
  'read-note-message': ['member', ['success', 'not_found']],
  'read-all-note': ['member', ['success']],
  'del-note': ['member', ['success', 'not_found']],
  'del-all-note': ['member', ['success']],
  'get-member-account': ['member', ['success']],
  'apply-user-deposit': ['member', ['success', 'wait', 'time', 'blocked', 'fail']],
  'apply-user-withdraw': ['member', ['success', 'wait', 'time', 'balance', 'pass', 'blocked', 'rolling']],
  'get-deposit-list': ['member', ['success']],
  'get-withdraw-list': ['member', ['success']],
  // 'already' and 'blocked' below are this platform's additions; see the schemas and docs/api/member-calls.md.
  'del-deposit': ['member', ['success', 'not_found', 'already']],
  'del-withdraw': ['member', ['success', 'not_found', 'already']],
  'roll-to-balance': ['member', ['success', 'low_point', 'blocked']],
  // Levels and the deposit bonus (docs/api/levels.md; `get-my-level` is this platform's addition).
  'get-deposit-bonus': ['member', ['success']],
  'get-rollover': ['member', ['success']],
  'cancel-bonus': ['member', ['success', 'not_found']],
  'get-my-level': ['member', ['success']],
  'change-password': ['member', ['success', 'pass']],
  // This platform's addition: the acceptance of newer terms (docs/api/member-calls.md, "Newer terms").
  'accept-terms': ['member', ['success', 'fail']],
  'change-exchange-password': ['member', ['success', 'pass']],
  'get-in-game-balance': ['member', ['success']],
  'game-transfer-in': ['member', ['success', 'balance', 'time', 'fail', 'blocked']],
  'game-transfer-out': ['member', ['success', 'fail']],
  'get-casino-setting': ['public', ['success']],
  'get-slot-setting': ['public', ['success']],
  'get-mini-setting': ['public', ['success']],
  'get-sport-setting': ['public', ['success']],
  'get-slot-by-company': ['public', ['success', 'fail']],
  'open-game': ['member', ['success', 'time', 'fail', 'blocked']],
  'get-slot-bets-list': ['member', ['success']],
  // This platform's addition: the site's own calls (docs/api/member-calls.md, "Site").
  'get-site-status': ['public', ['success']],
  'get-legal-document': ['public', ['success', 'not_found']],
  // Player protection (docs/protection.md).
  'get-play-limits': ['member', ['success']],
  'set-play-limit': ['member', ['success', 'wait']],
  'set-reality-check': ['member', ['success']],
  'take-break': ['member', ['success', 'pass']],
  'get-sessions': ['member', ['success']],
  'end-session': ['member', ['success', 'not_found']],
  'get-account-history': ['member', ['success']],
  'get-session-summary': ['member', ['success']],
  // Attendance, referral and weekly payback (docs/api/promotions.md; `blocked` is this platform's addition).
  'get-attendance': ['member', ['success']],
  'check-attendance': ['member', ['success', 'already', 'fail', 'blocked']],
  'get-referrals': ['member', ['success']],
  'get-payback': ['member', ['success']],
};

const date = '2024-05-01T03:00:00.000Z';
const user = {
  userId: 'gamer01',
  nick: '홍길동',
  phone: '01012345678',
  rolling: 1500,
  balance: 250_000,
  in_balance: 0,
  bankname: '004',
  bankOwner: '홍길동',
  banknum: '12345678901',
  level: 1,
  noteCount: 2,
  helpCount: 0,
};
const cashRow = {
  id: 1,
  amount: 10_000,
  state: 'cansel',
  reason: '입금 미확인',
  regDate: date,
  lastDate: null,
};
const help = {
  kind: 'help',
  id: 1,
  title: 't',
  contents: 'c',
  answer: null,
  answerDate: null,
  state: 'wait',
  isRead: false,
  regDate: date,
  lastDate: date,
};
const provider = { code: 'pp', used: 'y', imgUrl: '/img/pp.webp', name: 'Pragmatic Play' };

const SUCCESS: Record<TCallName, Record<string, unknown>> = {
  'user-do-login': { user },
  'user-health-check': { noteCount: 2, helpCount: 0, user },
  'user-register': {},
  'check-user-id': {},
  'check-user-nick': {},
  'get-reg-domain': { code: 'VIP', domain: 'localhost' },
  'get-banks': { banks: [{ code: '004', nameKo: 'KB국민은행', nameEn: 'KB Kookmin Bank' }] },
  'get-banners': { banners: [{ id: 1, title: 'b', imgUrl: '/img/b.webp', link: null }] },
  'get-jackpot': {
    jackpots: { MEGA: 123_456_789, MAJOR: 1_234_567, MINOR: 12_345 },
    recent: [{ tier: 'MINOR', amount: 182_340, userId: 'ga***', at: date }],
  },
  'get-cash-ticker': {
    deposits: [{ userId: 'ga***', amount: 50_000, regDate: date }],
    withdraws: [],
  },
  'get-cashier-status': {
    deposit: { locked: false, from: null, to: null },
    withdraw: { locked: true, from: '23:30', to: '00:30' },
    minDeposit: 10_000,
    minWithdraw: 10_000,
    unit: 1000,
  },
  'user-write-help': {},
  'guest-write-help': {},
  'get-help-list': { helps: [help], maxCount: 1 },
  'read-help-message': {},
  'del-help': {},
  'del-all-help': {},
  'user-ask-account': {},
  'get-user-notices': { notices: [{ id: 1, title: 'n', contents: '<p>x</p>', lastDate: date, domain: '' }] },
  'get-notice-popup': {
    note: [
      {
        id: 1,
        title: 'p',
        titleColor: '#ffcc00',
        contents: '<p>x</p>',
        domain: 'a.com',
        posX: 10,
        posY: 4000,
      },
    ],
  },
  'get-user-note': {
    notes: [{ id: 1, title: 'n', contents: 'c', isRead: true, regDate: date }],
    maxCount: 1,
  },
  'read-note-message': {},
  'read-all-note': {},
  'del-note': {},
  'del-all-note': {},
  'get-member-account': { account: { userId: 'gamer01', bankOwner: '', bankname: '', banknum: '' } },
  'apply-user-deposit': {},
  'apply-user-withdraw': {},
  'get-deposit-list': { list: [cashRow], maxCount: 1 },
  'get-withdraw-list': { list: [], maxCount: 0 },
  'del-deposit': {},
  'del-withdraw': {},
  'roll-to-balance': {},
  'get-deposit-bonus': {
    options: [
      { id: 'first-10-100000-3', kind: 'first', percent: 10, cap: 100_000, rollover: 3 },
      { id: 'event-1', kind: 'event', percent: 20, cap: 50_000, rollover: 5, name: 'e', until: date },
    ],
    first: true,
  },
  'get-rollover': {
    required: 330_000,
    done: 12_000,
    since: date,
    bonus: 10_000,
    kind: 'first',
    cancelAmount: 10_000,
  },
  'cancel-bonus': { returned: 10_000 },
  'get-my-level': {
    current: {
      level: 1,
      name: 'Lv.1',
      compRates: { casino: 50, slot: 100, mini: 0 },
      withdrawDailyLimit: null,
      depositBonus: [],
    },
    totals: { stakes: 0, deposits: 0 },
    next: null,
  },
  'change-password': {},
  'accept-terms': {},
  'change-exchange-password': {},
  'get-in-game-balance': {
    data: { status: 'fail', gameMoney: 5000, balance: 10_000, rolling: 0, userId: 'gamer01' },
  },
  'game-transfer-in': {},
  'game-transfer-out': {},
  'get-casino-setting': {
    casiono: [
      {
        code: 'evo',
        gameCompany: 'evolution',
        used: 'n',
        imgUrl: '/img/evo.webp',
        nameKo: '바카라',
        nameEn: 'Baccarat',
      },
    ],
  },
  'get-slot-setting': { slot: [provider] },
  'get-mini-setting': {
    mini: [
      {
        code: 'powerball',
        gameCompany: 'house-mini',
        used: 'y',
        imgUrl: '',
        nameKo: '파워볼',
        nameEn: 'Powerball',
      },
    ],
  },
  'get-sport-setting': { sport: [provider] },
  'get-slot-by-company': {
    games: [{ code: 'g1', gameCompany: 'pp', imgUrl: '/img/g1.webp', nameKo: '게임', nameEn: 'Game' }],
  },
  'open-game': { gameUrl: '/games/play?t=1' },
  'get-slot-bets-list': {
    bets: [
      {
        id: 1,
        company: 'pp',
        gameCode: 'g1',
        gameName: 'Game',
        round: 'r-1',
        bet: 1000,
        win: 0,
        regDate: date,
      },
    ],
    maxCount: 1,
  },
  'get-site-status': {
    maintenance: { enabled: true, message: '서버 점검 중입니다.', until: '2024-05-01T05:00:00.000Z' },
    site: { name: 'BLUE OCEAN', theme: { primary: '#1e6fd9', logoUrl: null } },
  },
  'get-legal-document': {
    document: {
      kind: 'terms',
      version: 2,
      locale: 'ko',
      title: '이용약관',
      body: '<h2>제1조</h2><p>본문</p>',
      publishedAt: date,
    },
  },
  'get-play-limits': {
    limits: {
      deposit: { day: 100_000, week: null, month: 1_000_000 },
      loss: { day: null, week: 300_000, month: null },
    },
    pending: [{ kind: 'deposit', period: 'day', amount: null, effectiveAt: date }],
    used: {
      deposit: { day: 50_000, week: 50_000, month: 250_000 },
      loss: { day: 0, week: 12_000, month: 40_000 },
    },
    realityCheckMinutes: 30,
    exclusion: null,
    lifetime: { deposits: 350_000, withdrawals: 400_000, net: -50_000 },
  },
  'set-play-limit': {},
  'set-reality-check': {},
  'take-break': { until: '2026-06-01T03:00:00.000Z' },
  'get-sessions': {
    sessions: [
      {
        id: 7,
        current: true,
        ip: '203.0.113.5',
        userAgent: 'Mozilla/5.0',
        createdAt: date,
        lastSeenAt: date,
      },
      { id: 6, current: false, ip: null, userAgent: null, createdAt: date, lastSeenAt: date },
    ],
    lastLogin: { at: date, ip: '203.0.113.5' },
  },
  'end-session': {},
  'get-account-history': {
    entries: [{ at: date, kind: 'cash', code: 'deposit', amount: 50_000, balanceAfter: 150_000, ref: '12' }],
    maxCount: 1,
  },
  'get-session-summary': {
    startedAt: date,
    bets: 30_000,
    wins: 12_000,
    net: -18_000,
    realityCheckMinutes: 15,
  },
  'get-attendance': {
    days: ['2024-05-01', '2024-05-02'],
    streak: 2,
    todayDone: true,
    rewards: [{ streak: 1, points: 100 }],
    month: '2024-05',
    today: '2024-05-02',
    enabled: true,
    requireDeposit: false,
  },
  'check-attendance': { points: 100, streak: 2 },
  'get-referrals': {
    list: [{ nick: '친구', joined: date, points: 1_500 }],
    total: 1_500,
    maxCount: 1,
    rate: 100,
    enabled: true,
  },
  'get-payback': {
    lastWeek: { loss: 100_000, percent: 5, points: 5_000, paidAt: date, week: '2024-04-29' },
    enabled: true,
  },
};

/** The fields a non-success answer must carry (`rolling`: the rollover left, docs/api/levels.md). */
const OTHER: Partial<Record<string, Record<string, unknown>>> = { rolling: { required: 330_000, done: 0 } };

const REQUEST: Record<TCallName, Record<string, unknown>> = {
  'user-do-login': { userId: 'Gamer01', password: 'secret' },
  'user-health-check': {},
  'user-register': {
    userId: 'gamer01',
    password: 'correct horse',
    nick: '홍길동',
    phone: '010-1234-5678',
    bankname: '088',
    bankOwner: '홍길동',
    banknum: '110-123-456789',
    exchangePassword: '1234',
    code: 'VIP',
    agree18: true,
  },
  'check-user-id': { userId: 'gamer01' },
  'check-user-nick': { nick: '홍길동' },
  'get-reg-domain': {},
  'get-banks': {},
  'get-banners': {},
  'get-jackpot': {},
  'get-cash-ticker': {},
  'get-cashier-status': {},
  'user-write-help': { title: '문의', contents: '내용' },
  'guest-write-help': { phone: '01012345678', title: '문의', contents: '내용' },
  'get-help-list': {},
  'read-help-message': { id: 1 },
  'del-help': { id: 1 },
  'del-all-help': {},
  'user-ask-account': {},
  'get-user-notices': {},
  'get-notice-popup': {},
  'get-user-note': { page: 2 },
  'read-note-message': { id: 1 },
  'read-all-note': {},
  'del-note': { id: 1 },
  'del-all-note': {},
  'get-member-account': {},
  'apply-user-deposit': { amount: 10_000 },
  'apply-user-withdraw': { amount: 10_000, exchangePassword: '1234' },
  'get-deposit-list': { page: 1, pageSize: 20 },
  'get-withdraw-list': {},
  'del-deposit': { id: 1 },
  'del-withdraw': { id: 1 },
  'roll-to-balance': { amount: 10_000 },
  'get-deposit-bonus': {},
  'get-rollover': {},
  'cancel-bonus': {},
  'get-my-level': {},
  'change-password': { password: 'old', newPassword: 'new password' },
  'accept-terms': { terms: 2 },
  'change-exchange-password': { password: 'secret', newExchangePassword: '4321' },
  'get-in-game-balance': {},
  'game-transfer-in': { company: 'pp', amount: 10_000 },
  'game-transfer-out': {},
  'get-casino-setting': {},
  'get-slot-setting': {},
  'get-mini-setting': {},
  'get-sport-setting': {},
  'get-slot-by-company': { company: 'pp' },
  'open-game': { code: 'g1', company: 'pp', timeStemp: 1_714_532_400_000 },
  'get-slot-bets-list': {},
  'get-site-status': { locale: 'en' },
  'get-legal-document': { kind: 'terms', locale: 'jp' },
  'get-play-limits': {},
  'set-play-limit': { kind: 'deposit', period: 'week', amount: 500_000 },
  'set-reality-check': { minutes: 60 },
  'take-break': { kind: 'self_exclusion', period: '6m', password: 'secret' },
  'get-sessions': {},
  'end-session': { id: 6 },
  'get-account-history': { from: '2024-04-01', to: '2024-05-01', kind: 'game', page: 2, pageSize: 50 },
  'get-session-summary': {},
  'get-attendance': { month: '2024-05' },
  'check-attendance': {},
  'get-referrals': { page: 1, pageSize: 20 },
  'get-payback': {},
};

/** The status literals a response schema can carry, read from the schema itself. */
function statusesOf(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodUnion) return (schema.options as z.ZodType[]).flatMap(statusesOf);
  if (schema instanceof z.ZodObject) {
    const status = schema.shape.status;
    if (status instanceof z.ZodLiteral) return [...status.values].map(String);
  }
  throw new Error('a response is an object with a literal status, or a union of them');
}

describe('CALLS', () => {
  it('holds exactly the calls of docs/api/member-calls.md', () => {
    expect([...CALL_NAMES].sort()).toEqual(Object.keys(TABLE).sort());
    expect(isCallName('user-do-login')).toBe(true);
    expect(isCallName('toString')).toBe(false);
    expect(isCallName('money-to-point')).toBe(false);
  });

  describe.each(CALL_NAMES)('%s', (name) => {
    const { who, request, response } = CALLS[name];
    const [expectedWho, expectedStatuses] = TABLE[name];

    it('is made by the right caller', () => {
      expect(who).toBe(expectedWho);
    });

    it('answers exactly the statuses docs/api/member-calls.md lists', () => {
      expect(statusesOf(response).sort()).toEqual([...expectedStatuses].sort());
      for (const status of statusesOf(response)) expect(STATUSES).toContain(status);
    });

    it('parses every listed outcome, and picks only public fields', () => {
      for (const status of expectedStatuses) {
        const body = status === 'success' ? { status, ...SUCCESS[name] } : { status, ...OTHER[status] };
        expect(response.parse(body)).toEqual(body);
        expect(response.parse({ ...body, internal: 'secret' })).toEqual(body);
      }
    });

    it('refuses statuses it does not list', () => {
      const other = STATUSES.find((s) => !expectedStatuses.includes(s));
      expect(response.safeParse({ status: other }).success).toBe(false);
    });

    it('accepts a valid request', () => {
      expect(request.safeParse(REQUEST[name]).success).toBe(true);
    });

    it('is strict: an unknown key is a 400 unknown', () => {
      const result = request.safeParse({ ...REQUEST[name], extra: 1 });
      expect(result.success).toBe(false);
      expect(toFieldErrors(result.error?.issues ?? [])).toEqual([{ path: 'extra', code: 'unknown' }]);
    });
  });
});

describe('requests', () => {
  const errorsOf = (name: TCallName, body: unknown) => {
    const result = CALLS[name].request.safeParse(body);
    return result.success ? [] : toFieldErrors(result.error.issues, body);
  };

  it('normalizes registration fields', () => {
    const parsed = CALLS['user-register'].request.parse({ ...REQUEST['user-register'], userId: ' Gamer01 ' });
    expect(parsed).toMatchObject({ userId: 'gamer01', phone: '01012345678', banknum: '110123456789' });
  });

  it('refuses a registration password equal to the user id, whatever its case', () => {
    expect(errorsOf('user-register', { ...REQUEST['user-register'], password: 'GAMER01' })).toEqual([
      { path: 'password', code: 'length' },
    ]);
    expect(
      errorsOf('user-register', { ...REQUEST['user-register'], userId: 'gamer0123', password: 'Gamer0123' }),
    ).toEqual([{ path: 'password', code: 'pattern' }]);
  });

  it('names every missing registration field', () => {
    expect(errorsOf('user-register', {}).map((e) => e.code)).toEqual(Array(10).fill('required'));
    expect(errorsOf('user-register', {}).map((e) => e.path)).toEqual(Object.keys(REQUEST['user-register']));
  });

  it('requires agree18 to be true', () => {
    expect(errorsOf('user-register', { ...REQUEST['user-register'], agree18: false })).toEqual([
      { path: 'agree18', code: 'required' },
    ]);
  });

  it('refuses amounts that are not positive safe integers within the maximum', () => {
    expect(errorsOf('apply-user-deposit', { amount: 0 })).toEqual([{ path: 'amount', code: 'min' }]);
    // The operator's maximum is a setting the server checks; the contract only caps at 2^53.
    expect(errorsOf('apply-user-deposit', { amount: 100_000_001 })).toEqual([]);
    expect(errorsOf('apply-user-deposit', { amount: Number.MAX_SAFE_INTEGER + 2 })).toEqual([
      { path: 'amount', code: 'max' },
    ]);
    expect(errorsOf('apply-user-deposit', { amount: '10000' })).toEqual([{ path: 'amount', code: 'type' }]);
    expect(errorsOf('roll-to-balance', {})).toEqual([{ path: 'amount', code: 'required' }]);
  });

  it('refuses a body that is not an object', () => {
    expect(errorsOf('user-health-check', [])).toEqual([{ path: '', code: 'type' }]);
    expect(errorsOf('user-health-check', 'x')).toEqual([{ path: '', code: 'type' }]);
  });

  it('fills in paging defaults', () => {
    expect(CALLS['get-help-list'].request.parse({})).toEqual({ page: 1, pageSize: 20 });
  });

  it('takes a play limit of 1 won up to the maximum, or null for none', () => {
    const limit = (amount: unknown) => ({ kind: 'loss', period: 'day', amount });
    expect(errorsOf('set-play-limit', limit(null))).toEqual([]);
    expect(errorsOf('set-play-limit', limit(1))).toEqual([]);
    expect(errorsOf('set-play-limit', limit(1_000_000_000_000))).toEqual([]);
    expect(errorsOf('set-play-limit', limit(0))).toEqual([{ path: 'amount', code: 'min' }]);
    expect(errorsOf('set-play-limit', limit(1_000_000_000_001))).toEqual([{ path: 'amount', code: 'max' }]);
    expect(errorsOf('set-play-limit', limit(1.5))).toEqual([{ path: 'amount', code: 'type' }]);
    expect(errorsOf('set-play-limit', { kind: 'bet', period: 'year', amount: 1 }).map((e) => e.path)).toEqual(
      ['kind', 'period'],
    );
    expect(errorsOf('set-play-limit', { kind: 'loss', period: 'day' })).toEqual([
      { path: 'amount', code: 'required' },
    ]);
  });

  it('takes a reality check of 0, 15, 30 or 60 minutes only', () => {
    for (const minutes of [0, 15, 30, 60]) expect(errorsOf('set-reality-check', { minutes })).toEqual([]);
    for (const minutes of [5, 45, '15', null])
      expect(errorsOf('set-reality-check', { minutes }).map((e) => e.path)).toEqual(['minutes']);
  });

  it('takes time-outs of 24h..6w and self-exclusion of 6m..permanent', () => {
    const ok = (kind: string, period: string) => errorsOf('take-break', { kind, period, password: 'secret' });
    for (const period of ['24h', '7d', '30d', '6w']) expect(ok('time_out', period)).toEqual([]);
    for (const period of ['6m', '1y', '5y', 'permanent']) expect(ok('self_exclusion', period)).toEqual([]);
    expect(ok('time_out', 'permanent')).toEqual([{ path: 'period', code: 'pattern' }]);
    expect(ok('self_exclusion', '24h')).toEqual([{ path: 'period', code: 'pattern' }]);
  });
});
