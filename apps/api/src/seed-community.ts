import type { Logger } from 'pino';
import type { Services } from './services.ts';

/** The demo notices, oldest first (the portal lists them newest first). */
export const DEMO_NOTICES = [
  {
    title: '[필독] 회원가입을 환영합니다',
    contents:
      '<p>회원가입을 진심으로 환영합니다.</p>' +
      '<p>입금 전에는 반드시 <strong>고객센터의 입금계좌문의</strong>로 최신 입금 계좌를 확인해 주세요. ' +
      '계좌는 사전 안내 없이 변경될 수 있으며, 확인되지 않은 계좌로 보낸 금액은 처리가 지연될 수 있습니다.</p>' +
      '<ul><li>입금자명은 가입하신 예금주명과 같아야 합니다.</li>' +
      '<li>출금은 가입하신 본인 명의 계좌로만 가능합니다.</li>' +
      '<li>궁금하신 점은 고객센터에 문의해 주시면 빠르게 답변드리겠습니다.</li></ul>',
  },
  {
    title: '입출금 이용 시간 안내',
    contents:
      '<p>입금과 출금 신청은 <strong>24시간</strong> 가능합니다.</p>' +
      '<p>다만 매일 <strong>23:30 ~ 00:30</strong>은 은행 전산 점검 시간으로, 이 시간에 신청하신 건은 ' +
      '점검이 끝난 뒤 순서대로 처리됩니다. 최소 입금액과 출금액은 10,000원이며 1,000원 단위로 신청해 주세요.</p>' +
      '<p>출금 신청 후 처리 상태는 출금 페이지의 내역에서 확인하실 수 있습니다.</p>',
  },
  {
    title: '책임감 있는 게임 이용 안내',
    contents:
      '<p>게임은 여가를 위한 오락입니다. 잃어도 괜찮은 금액 안에서만 즐겨 주세요.</p>' +
      '<ul><li>이용 시간과 금액의 한도를 미리 정해 두세요.</li>' +
      '<li>잃은 금액을 만회하려고 무리하게 이용하지 마세요.</li>' +
      '<li>만 18세 미만은 이용할 수 없습니다.</li></ul>' +
      '<p>이용을 잠시 쉬고 싶으시면 고객센터로 말씀해 주세요. 도움이 필요하시면 ' +
      '한국도박문제예방치유원 <strong>국번 없이 1336</strong>에서 24시간 무료 상담을 받으실 수 있습니다.</p>',
  },
  {
    title: '비밀번호 및 환전 비밀번호 관리 안내',
    contents:
      '<p>운영진은 어떠한 경우에도 회원님의 비밀번호나 환전 비밀번호를 묻지 않습니다.</p>' +
      '<p>비밀번호는 다른 사이트와 다르게 설정하시고, 마이페이지에서 주기적으로 변경해 주세요. ' +
      '본인이 로그인하지 않았는데 이용 내역이 있다면 즉시 고객센터로 알려 주세요.</p>',
  },
] as const;

/** The demo site popup: a title color and an image-free HTML body, near the top left. */
export const DEMO_POPUP = {
  title: '입금 전 계좌 확인 안내',
  titleColor: '#f5b301',
  contents:
    '<p><strong>입금 전에 꼭 확인해 주세요!</strong></p>' +
    '<p>입금 계좌는 수시로 변경됩니다. 입금 전마다 고객센터의 <strong>입금계좌문의</strong>로 ' +
    '계좌를 확인하신 뒤 입금해 주세요.</p>' +
    '<p style="color: #888888">이 창은 \'숨기기\'를 누르면 8시간 동안 보이지 않습니다.</p>',
  domain: '',
  posX: 40,
  posY: 120,
} as const;

/** The demo member's help posts: the first gets an operator's answer, the second waits. */
export const DEMO_HELPS = [
  {
    title: '출금 처리 시간 문의',
    contents: '출금 신청하면 보통 얼마나 걸리나요? 주말에도 처리되는지 궁금합니다.',
    answer:
      '<p>안녕하세요, 고객센터입니다.</p>' +
      '<p>출금은 신청 순서대로 처리되며 보통 <strong>10~30분</strong> 안에 완료됩니다. ' +
      '주말과 공휴일에도 동일하게 처리되며, 은행 점검 시간(23:30 ~ 00:30)에는 점검 이후 처리됩니다.</p>' +
      '<p>감사합니다.</p>',
  },
  {
    title: '슬롯 게임 이용 문의',
    contents: '슬롯 게임에서 무료 게임은 어떻게 시작되나요?',
  },
] as const;

/**
 * The demo member's community content, through the community service as the back office makes
 * it (sanitized, audited as the system's): notices, one popup, and two help posts, one answered.
 * Runs only right after the demo member was created; the notes of its cashier history stay.
 */
export async function seedDemoCommunity(services: Services, logger: Logger, userId: string): Promise<void> {
  const { community, members } = services;
  const system = { operatorId: null, actor: 'system', ip: null };
  const member = await members.byUserId(userId);
  if (!member) throw new Error(`demo seed: member ${userId} not found`);

  for (const notice of DEMO_NOTICES) {
    await community.content.createNotice({ ...notice, domain: '' }, system);
  }
  await community.content.createPopup(DEMO_POPUP, system);

  for (const help of DEMO_HELPS) {
    await community.helps.write(member.id, { title: help.title, contents: help.contents });
  }
  const waiting = await community.helps.queue({ userId, state: 'wait' }, { page: 1, pageSize: 100 });
  const [first] = DEMO_HELPS;
  const post = waiting.list.find((h) => h.title === first.title);
  if (!post) throw new Error('demo seed: the help post was not written');
  const answered = await community.helps.answer(post.id, first.answer, system);
  if (answered.status !== 'success') throw new Error(`demo seed: answering answered ${answered.status}`);
  logger.info('demo notices, popup and help posts created (SEED_DEMO)');
}
