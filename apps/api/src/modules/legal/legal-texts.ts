import type { TLocale } from '@casino/contracts/locales';
import type { TLegalKind } from '@casino/contracts/site';

/**
 * The first version of the terms of use and the privacy policy, published at the first start in
 * every locale (a site cannot take members without them). They speak of "the site", not a brand,
 * so any operator can start with them; an operator replaces them by publishing version 2 in the
 * back office. The markup is plain (headings, paragraphs, lists), written in the form the one HTML
 * policy gives back unchanged, which legal.test.ts checks.
 */
interface Section {
  heading: string;
  paragraphs?: readonly string[];
  items?: readonly string[];
}

interface LegalText {
  title: string;
  sections: readonly Section[];
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The HTML body of a document: `<h2>` per section, then its paragraphs and its list. */
export function legalHtml(sections: readonly Section[]): string {
  return sections
    .map((s) => {
      const paragraphs = (s.paragraphs ?? []).map((p) => `<p>${escapeText(p)}</p>`).join('');
      const list = s.items?.length
        ? `<ul>${s.items.map((item) => `<li>${escapeText(item)}</li>`).join('')}</ul>`
        : '';
      return `<h2>${escapeText(s.heading)}</h2>${paragraphs}${list}`;
    })
    .join('');
}

const TERMS: Record<TLocale, LegalText> = {
  ko: {
    title: '이용약관',
    sections: [
      {
        heading: '제1조 (목적)',
        paragraphs: [
          '이 약관은 본 사이트가 제공하는 라이브 카지노, 슬롯 게임과 관련 서비스(이하 "서비스")의 이용 조건과 절차, 회원과 사이트의 권리와 의무를 정합니다. 회원가입을 하면 이 약관에 동의한 것으로 봅니다.',
        ],
      },
      {
        heading: '제2조 (이용 자격)',
        items: [
          '만 18세 이상이며 거주하는 지역의 법령상 온라인 게임 이용이 허용된 분만 가입할 수 있습니다.',
          '한 사람은 하나의 계정만 가질 수 있습니다.',
          '만 18세 미만이거나 다른 사람의 명의로 가입한 사실이 확인되면 계정 이용을 즉시 제한하며, 남은 잔액은 관계 법령에 따라 처리합니다.',
        ],
      },
      {
        heading: '제3조 (계정과 보안)',
        items: [
          '가입 정보(휴대폰 번호, 은행, 예금주, 계좌번호)는 본인의 정확한 정보여야 하며, 환전 계좌는 본인 명의 계좌여야 합니다.',
          '로그인 비밀번호와 환전 비밀번호를 다른 사람에게 알려 주거나 계정을 양도 또는 대여할 수 없습니다.',
          '여러 계정 운영, 다른 사람 명의 사용, 시스템 오류 악용, 자금 세탁이 의심되는 거래가 확인되면 계정을 정지하고 관련 거래를 취소할 수 있습니다.',
        ],
      },
      {
        heading: '제4조 (충전과 환전)',
        items: [
          '모든 금액은 원 단위 정수로 처리합니다.',
          '충전은 신청 후 운영자가 입금을 확인하면 보유머니에 반영됩니다. 입금자명은 가입한 예금주와 같아야 합니다.',
          '환전은 환전 비밀번호로 신청하며, 신청한 금액은 바로 보류되고 운영자 승인 후 등록된 본인 계좌로만 지급됩니다. 거절되거나 취소된 신청의 금액은 보유머니로 돌아갑니다.',
          '최소 금액, 신청 단위, 은행 점검 시간의 이용 제한은 충전과 환전 화면에 안내된 기준을 따릅니다. 처리 대기 중인 신청은 충전과 환전 각각 한 건만 가능합니다.',
        ],
      },
      {
        heading: '제5조 (콤프)',
        paragraphs: [
          '콤프는 정상 처리된 베팅에 따라 적립되며, 안내된 최소 전환 금액 이상이면 1:1로 보유머니로 전환할 수 있습니다. 보유머니를 콤프로 바꿀 수는 없습니다.',
        ],
      },
      {
        heading: '제6조 (게임)',
        items: [
          '게임은 각 게임사가 제공하며, 게임 결과는 게임사의 기록을 기준으로 합니다.',
          '오류가 발생한 라운드의 베팅과 당첨은 무효가 될 수 있으며, 무효가 된 베팅 금액은 돌려드립니다.',
          '점검 중인 게임사의 게임은 이용할 수 없습니다.',
        ],
      },
      {
        heading: '제7조 (건전한 게임 이용)',
        items: [
          '게임은 여가로 즐기고, 잃어도 생활에 지장이 없는 금액만 사용해 주세요.',
          '마이페이지에서 충전 한도, 손실 한도, 이용 시간 알림, 이용 일시 중지와 자기 이용 제한을 설정할 수 있습니다. 자기 이용 제한 기간에는 운영자도 제한을 풀 수 없습니다.',
          '도박 문제로 도움이 필요하면 한국도박문제예방치유원(국번 없이 1336)에 언제든지 상담할 수 있습니다.',
        ],
      },
      {
        heading: '제8조 (약관의 변경)',
        paragraphs: [
          '약관을 바꾸면 새 버전 번호와 게시일을 이 페이지에 알립니다. 바뀐 약관이 게시된 뒤에도 서비스를 계속 이용하면 바뀐 약관에 동의한 것으로 봅니다.',
        ],
      },
      {
        heading: '제9조 (문의)',
        paragraphs: [
          '서비스 이용에 관한 문의는 로그인 후 고객센터로, 로그인할 수 없을 때는 로그인 화면의 문의하기로 보내 주세요.',
        ],
      },
    ],
  },
  en: {
    title: 'Terms of Use',
    sections: [
      {
        heading: '1. Purpose',
        paragraphs: [
          'These terms set out how you may use the live casino, slot games and related services of this site (the "service"), and the rights and duties of members and of the site. By signing up you accept these terms.',
        ],
      },
      {
        heading: '2. Who may join',
        items: [
          'You must be 18 or older, and online gaming must be legal where you live.',
          'One person may hold one account only.',
          'If we find that a member is under 18 or signed up in another person\u2019s name, we suspend the account at once and deal with any remaining balance as the law requires.',
        ],
      },
      {
        heading: '3. Your account and its security',
        items: [
          'Your sign-up details (mobile number, bank, account holder, account number) must be true and your own; withdrawals go only to an account in your own name.',
          'Never tell anyone your password or Withdrawal PIN, and never sell, lend or hand over your account.',
          'If we find several accounts, use of another person\u2019s identity, abuse of a system error or transactions that suggest money laundering, we may suspend the account and cancel the transactions concerned.',
        ],
      },
      {
        heading: '4. Deposits and withdrawals',
        items: [
          'All amounts are whole Korean won (KRW).',
          'A deposit is credited to your balance once an operator has confirmed the payment. The depositor name must match the account holder you registered.',
          'You request a withdrawal with your Withdrawal PIN. The amount is held at once and, after an operator approves it, paid only to your registered account. The amount of a rejected or cancelled request returns to your balance.',
          'Minimum amounts, the amount unit and closures during bank maintenance are shown on the deposit and withdrawal pages. You may have one pending deposit and one pending withdrawal at a time.',
        ],
      },
      {
        heading: '5. Comp points',
        paragraphs: [
          'Comp points are earned on bets that stand and can be converted into your balance 1:1 from the minimum shown on the comp page. Your balance cannot be turned into comp points.',
        ],
      },
      {
        heading: '6. Games',
        items: [
          'Games are supplied by game providers, and their records decide the outcome of every round.',
          'Bets and wins of a round that failed because of an error may be voided; voided bets are refunded.',
          'Games of a provider under maintenance cannot be played.',
        ],
      },
      {
        heading: '7. Responsible gaming',
        items: [
          'Play for entertainment, and only with money you can afford to lose.',
          'On My page you can set deposit and loss limits, a reality check, a break or a self-exclusion. While a self-exclusion runs, nobody, operators included, can lift it.',
          'If gambling is becoming a problem, talk to a gambling help service where you live (in Korea, call 1336 at any time).',
        ],
      },
      {
        heading: '8. Changes to these terms',
        paragraphs: [
          'When these terms change, the new version number and its date are published on this page. If you keep using the service after that, you accept the new terms.',
        ],
      },
      {
        heading: '9. Contact',
        paragraphs: [
          'Send questions about the service to Support once signed in or, if you cannot sign in, through the inquiry form on the log-in page.',
        ],
      },
    ],
  },
  jp: {
    title: '利用規約',
    sections: [
      {
        heading: '第1条（目的）',
        paragraphs: [
          '本規約は、当サイトが提供するライブカジノ、スロットおよび関連サービス（以下「本サービス」）の利用条件と手続き、会員と当サイトの権利と義務を定めるものです。新規登録をもって本規約に同意したものとみなします。',
        ],
      },
      {
        heading: '第2条（利用資格）',
        items: [
          '満18歳以上で、お住まいの地域の法令でオンラインゲームの利用が認められている方のみ登録できます。',
          'お一人様につき一つのアカウントのみ保有できます。',
          '満18歳未満の方、または他人名義で登録した方であることが判明した場合、直ちにアカウントの利用を停止し、残高は関係法令に従って取り扱います。',
        ],
      },
      {
        heading: '第3条（アカウントとセキュリティ）',
        items: [
          '登録情報（携帯電話番号、銀行、口座名義、口座番号）はご本人の正確な情報である必要があり、出金先はご本人名義の口座に限ります。',
          'ログインパスワードと出金パスワードを他人に教えたり、アカウントを譲渡・貸与したりすることはできません。',
          '複数アカウントの利用、他人名義の使用、システム障害の悪用、資金洗浄が疑われる取引が確認された場合、アカウントを停止し、該当する取引を取り消すことがあります。',
        ],
      },
      {
        heading: '第4条（入金と出金）',
        items: [
          'すべての金額は韓国ウォン（KRW）の整数単位で処理します。',
          '入金は申請後、運営者が着金を確認した時点で残高に反映されます。振込名義は登録した口座名義と同じである必要があります。',
          '出金は出金パスワードで申請します。申請額は直ちに保留され、運営者の承認後、登録済みのご本人口座にのみ支払われます。却下またはキャンセルされた申請の金額は残高に戻ります。',
          '最低金額、申請単位、銀行メンテナンス時間中の受付停止は入金・出金画面の案内に従います。処理待ちの申請は入金と出金それぞれ1件までです。',
        ],
      },
      {
        heading: '第5条（コンプポイント）',
        paragraphs: [
          'コンプポイントは成立したベットに応じて付与され、案内された最低交換額以上であれば1:1で残高に交換できます。残高をコンプポイントに換えることはできません。',
        ],
      },
      {
        heading: '第6条（ゲーム）',
        items: [
          'ゲームは各プロバイダーが提供し、各ラウンドの結果はプロバイダーの記録に基づきます。',
          '障害が発生したラウンドのベットと配当は無効となる場合があり、無効となったベット額は返金します。',
          'メンテナンス中のプロバイダーのゲームはご利用いただけません。',
        ],
      },
      {
        heading: '第7条（責任あるゲーミング）',
        items: [
          'ゲームは娯楽として、失っても生活に支障のない金額の範囲でお楽しみください。',
          'マイページで入金上限、損失上限、プレイ時間のお知らせ、一時休止、自己除外を設定できます。自己除外の期間中は、運営者を含め誰も解除できません。',
          'ギャンブルの問題でお困りの場合は、お住まいの地域の相談窓口にご相談ください（韓国では1336番で24時間相談できます）。',
        ],
      },
      {
        heading: '第8条（規約の変更）',
        paragraphs: [
          '本規約を変更する場合は、新しいバージョン番号と掲載日をこのページでお知らせします。変更後も本サービスを利用された場合、変更後の規約に同意したものとみなします。',
        ],
      },
      {
        heading: '第9条（お問い合わせ）',
        paragraphs: [
          '本サービスに関するお問い合わせは、ログイン後にお問い合わせページから、ログインできない場合はログイン画面の問い合わせフォームからお送りください。',
        ],
      },
    ],
  },
  vn: {
    title: 'Điều khoản sử dụng',
    sections: [
      {
        heading: 'Điều 1. Mục đích',
        paragraphs: [
          'Điều khoản này quy định điều kiện và thủ tục sử dụng live casino, slot game và các dịch vụ liên quan của trang web (sau đây gọi là "dịch vụ"), cùng quyền và nghĩa vụ của thành viên và của trang web. Khi đăng ký, bạn được xem là đã đồng ý với điều khoản này.',
        ],
      },
      {
        heading: 'Điều 2. Điều kiện tham gia',
        items: [
          'Bạn phải từ đủ 18 tuổi trở lên và pháp luật nơi bạn sinh sống phải cho phép chơi game trực tuyến.',
          'Mỗi người chỉ được có một tài khoản.',
          'Nếu phát hiện thành viên chưa đủ 18 tuổi hoặc đăng ký bằng danh tính của người khác, chúng tôi sẽ khóa tài khoản ngay và xử lý số dư còn lại theo quy định của pháp luật.',
        ],
      },
      {
        heading: 'Điều 3. Tài khoản và bảo mật',
        items: [
          'Thông tin đăng ký (số điện thoại, ngân hàng, chủ tài khoản, số tài khoản) phải chính xác và là của chính bạn; tiền rút chỉ được chuyển vào tài khoản đứng tên bạn.',
          'Không được tiết lộ mật khẩu đăng nhập hay Mã PIN rút tiền cho người khác, không được bán, cho mượn hay chuyển nhượng tài khoản.',
          'Nếu phát hiện việc dùng nhiều tài khoản, dùng danh tính người khác, lợi dụng lỗi hệ thống hoặc giao dịch có dấu hiệu rửa tiền, chúng tôi có thể khóa tài khoản và hủy các giao dịch liên quan.',
        ],
      },
      {
        heading: 'Điều 4. Nạp tiền và rút tiền',
        items: [
          'Mọi số tiền đều được tính bằng đơn vị won Hàn Quốc (KRW) nguyên.',
          'Tiền nạp được cộng vào số dư sau khi nhân viên vận hành xác nhận đã nhận được tiền. Tên người chuyển phải trùng với chủ tài khoản đã đăng ký.',
          'Yêu cầu rút tiền được gửi bằng Mã PIN rút tiền. Số tiền yêu cầu được tạm giữ ngay và chỉ được chuyển vào tài khoản đã đăng ký của bạn sau khi nhân viên vận hành duyệt. Số tiền của yêu cầu bị từ chối hoặc đã hủy sẽ được hoàn lại vào số dư.',
          'Số tiền tối thiểu, đơn vị số tiền và thời gian tạm ngưng khi ngân hàng bảo trì được hiển thị trên trang nạp tiền và rút tiền. Mỗi lúc bạn chỉ có một yêu cầu nạp tiền và một yêu cầu rút tiền đang chờ.',
        ],
      },
      {
        heading: 'Điều 5. Điểm comp',
        paragraphs: [
          'Điểm comp được tích lũy theo các lượt cược hợp lệ và có thể đổi sang số dư theo tỷ lệ 1:1 khi đạt mức tối thiểu được hiển thị. Không thể đổi số dư thành điểm comp.',
        ],
      },
      {
        heading: 'Điều 6. Trò chơi',
        items: [
          'Trò chơi do các nhà cung cấp cung cấp, và kết quả của mỗi ván được xác định theo dữ liệu của nhà cung cấp.',
          'Cược và tiền thắng của ván bị lỗi có thể bị hủy; tiền cược bị hủy sẽ được hoàn lại.',
          'Không thể chơi trò chơi của nhà cung cấp đang bảo trì.',
        ],
      },
      {
        heading: 'Điều 7. Chơi có trách nhiệm',
        items: [
          'Hãy chơi để giải trí và chỉ dùng số tiền mà bạn có thể chấp nhận mất.',
          'Tại Tài khoản của tôi, bạn có thể đặt hạn mức nạp, hạn mức thua, nhắc nhở thời gian, tạm nghỉ hoặc tự loại trừ. Trong thời gian tự loại trừ, không ai, kể cả nhân viên vận hành, có thể gỡ bỏ.',
          'Nếu cờ bạc đang trở thành vấn đề, hãy liên hệ dịch vụ hỗ trợ về cờ bạc nơi bạn sinh sống (tại Hàn Quốc, gọi 1336 bất cứ lúc nào).',
        ],
      },
      {
        heading: 'Điều 8. Thay đổi điều khoản',
        paragraphs: [
          'Khi điều khoản thay đổi, số phiên bản mới và ngày đăng sẽ được công bố trên trang này. Nếu bạn tiếp tục sử dụng dịch vụ sau đó, bạn được xem là đã đồng ý với điều khoản mới.',
        ],
      },
      {
        heading: 'Điều 9. Liên hệ',
        paragraphs: [
          'Vui lòng gửi câu hỏi về dịch vụ đến mục Hỗ trợ sau khi đăng nhập, hoặc qua biểu mẫu liên hệ trên trang đăng nhập nếu bạn không thể đăng nhập.',
        ],
      },
    ],
  },
  cn: {
    title: '使用条款',
    sections: [
      {
        heading: '第一条 目的',
        paragraphs: [
          '本条款规定本网站提供的真人娱乐、电子游戏及相关服务（以下简称“本服务”）的使用条件与流程，以及会员与本网站的权利和义务。完成注册即视为同意本条款。',
        ],
      },
      {
        heading: '第二条 使用资格',
        items: [
          '仅限年满18周岁、且所在地法律允许参与线上游戏的人士注册。',
          '每人只能拥有一个账户。',
          '如发现会员未满18周岁或以他人名义注册，我们将立即停用该账户，剩余余额依照相关法律处理。',
        ],
      },
      {
        heading: '第三条 账户与安全',
        items: [
          '注册信息（手机号码、银行、开户姓名、银行账号）必须真实且属于本人；提现只能转入本人名下的账户。',
          '不得将登录密码和提现密码告知他人，不得出售、出借或转让账户。',
          '如发现多重账户、冒用他人身份、利用系统错误或疑似洗钱的交易，我们可以停用账户并取消相关交易。',
        ],
      },
      {
        heading: '第四条 充值与提现',
        items: [
          '所有金额均以韩元（KRW）整数计算。',
          '充值申请经运营人员确认到账后计入余额。存款人姓名必须与注册的开户姓名一致。',
          '提现须使用提现密码申请。申请金额将立即冻结，经运营人员批准后只支付到您登记的本人账户。被拒绝或已取消的申请，其金额将退回余额。',
          '最低金额、金额单位以及银行维护期间的暂停服务，以充值和提现页面的说明为准。充值和提现各只能有一笔待处理的申请。',
        ],
      },
      {
        heading: '第五条 返水积分',
        paragraphs: [
          '返水积分按有效投注累积，达到页面显示的最低转换额后可按1:1转换为余额。余额不能转换为返水积分。',
        ],
      },
      {
        heading: '第六条 游戏',
        items: [
          '游戏由各游戏厂商提供，每局结果以游戏厂商的记录为准。',
          '发生错误的牌局，其投注与派彩可能作废，作废的投注金额将予以退还。',
          '维护中的游戏厂商的游戏暂停使用。',
        ],
      },
      {
        heading: '第七条 理性博彩',
        items: [
          '请将游戏作为娱乐，只使用输掉也不影响生活的金额。',
          '您可以在个人中心设置充值限额、亏损限额、游戏时间提醒、暂停游戏和自我禁入。自我禁入期间，任何人（包括运营人员）都无法解除。',
          '如果赌博已成为问题，请联系您所在地的赌博问题求助机构（在韩国可随时拨打1336）。',
        ],
      },
      {
        heading: '第八条 条款的变更',
        paragraphs: [
          '条款变更时，新的版本号和发布日期将公布在本页面。变更后继续使用本服务，即视为同意变更后的条款。',
        ],
      },
      {
        heading: '第九条 联系我们',
        paragraphs: ['有关本服务的问题，请在登录后通过客服中心提交；如无法登录，请使用登录页面的咨询表单。'],
      },
    ],
  },
};

const PRIVACY: Record<TLocale, LegalText> = {
  ko: {
    title: '개인정보 처리방침',
    sections: [
      {
        heading: '1. 수집하는 개인정보',
        items: [
          '가입할 때: 아이디, 닉네임, 휴대폰 번호, 은행, 예금주, 계좌번호, 가입코드. 비밀번호와 환전 비밀번호는 되돌릴 수 없는 방식(argon2id 해시)으로만 저장합니다.',
          '이용하는 동안: 로그인 기록(IP 주소, 브라우저 정보, 시각), 충전과 환전, 콤프, 게임 베팅 내역, 고객센터 문의와 답변, 이용 한도와 이용 제한 설정.',
        ],
      },
      {
        heading: '2. 이용 목적',
        paragraphs: [
          '회원 식별과 계정 관리, 입금 확인과 본인 계좌로의 환전 지급, 부정 이용과 다중 계정 방지, 문의 응대, 이용 한도와 이용 제한의 적용, 법령상 의무 이행에만 이용합니다.',
        ],
      },
      {
        heading: '3. 보관 기간',
        items: [
          '계정이 유지되는 동안 보관하며, 탈퇴 후에는 관계 법령이 정한 기간이 지나면 파기합니다.',
          '금전 거래 기록은 고치거나 지울 수 없는 장부로 관리하며 법령이 정한 기간 동안 보관합니다.',
          '로그인 세션은 마지막 활동 후 30분, 로그인 후 최대 12시간이 지나면 만료됩니다.',
        ],
      },
      {
        heading: '4. 제3자 제공',
        paragraphs: [
          '게임을 이용할 때 해당 게임사에 게임 진행에 필요한 정보(회원 식별자, 베팅과 당첨 금액)만 제공합니다. 개인정보를 판매하지 않으며, 법령에 따른 요청이 있을 때에만 관계 기관에 제공합니다.',
        ],
      },
      {
        heading: '5. 쿠키와 브라우저 저장소',
        paragraphs: [
          '로그인 유지를 위한 세션 쿠키와 보안 쿠키만 사용하며, 광고나 추적용 쿠키는 사용하지 않습니다. 브라우저에는 로그인 화면에 미리 채울 아이디와 안내 창의 표시 여부만 저장합니다.',
        ],
      },
      {
        heading: '6. 안전성 확보 조치',
        paragraphs: [
          '모든 통신은 암호화(HTTPS)하고, 비밀번호는 해시로만 저장하며, 운영자의 모든 작업은 바꿀 수 없는 감사 기록으로 남깁니다.',
        ],
      },
      {
        heading: '7. 회원의 권리',
        paragraphs: [
          '본인 정보의 열람과 정정(환전 계좌 변경 포함), 탈퇴는 고객센터에 요청할 수 있으며, 비밀번호와 환전 비밀번호는 마이페이지에서 직접 바꿀 수 있습니다.',
        ],
      },
      {
        heading: '8. 문의',
        paragraphs: ['개인정보에 관한 문의는 고객센터로 보내 주세요.'],
      },
    ],
  },
  en: {
    title: 'Privacy Policy',
    sections: [
      {
        heading: '1. What we collect',
        items: [
          'When you sign up: user ID, nickname, mobile number, bank, account holder, account number and sign-up code. Your password and Withdrawal PIN are stored only in a form that cannot be reversed (an argon2id hash).',
          'While you use the site: sign-in records (IP address, browser, time), deposits, withdrawals, comp points and game bets, your Support inquiries and their answers, and the limits and breaks you set.',
        ],
      },
      {
        heading: '2. Why we use it',
        paragraphs: [
          'Only to identify you and run your account, to confirm deposits and pay withdrawals to your own account, to prevent fraud and multiple accounts, to answer your inquiries, to apply the limits and breaks you set, and to meet our legal duties.',
        ],
      },
      {
        heading: '3. How long we keep it',
        items: [
          'As long as your account exists; after it is closed, only for the periods the law requires, and then it is destroyed.',
          'Money movements are recorded in a ledger that cannot be altered or deleted, and kept for the periods the law requires.',
          'A sign-in session ends 30 minutes after your last activity, and 12 hours after sign-in at the latest.',
        ],
      },
      {
        heading: '4. Who we share it with',
        paragraphs: [
          'When you play, the game provider receives only what the game needs: an identifier of your account and the amounts of your bets and wins. We never sell personal data, and disclose it to authorities only when the law requires.',
        ],
      },
      {
        heading: '5. Cookies and browser storage',
        paragraphs: [
          'We use only a session cookie that keeps you signed in and a security cookie; no advertising or tracking cookies. Your browser keeps only your user ID, to fill in the log-in form, and which notices you have closed.',
        ],
      },
      {
        heading: '6. How we protect it',
        paragraphs: [
          'All traffic is encrypted (HTTPS), passwords are stored only as hashes, and every operator action is written to an audit log that cannot be changed.',
        ],
      },
      {
        heading: '7. Your rights',
        paragraphs: [
          'You can ask Support to show or correct your data (including your withdrawal account) or to close your account. You can change your password and Withdrawal PIN yourself on My page.',
        ],
      },
      {
        heading: '8. Contact',
        paragraphs: ['Send questions about your personal data to Support.'],
      },
    ],
  },
  jp: {
    title: 'プライバシーポリシー',
    sections: [
      {
        heading: '1. 収集する個人情報',
        items: [
          '登録時：ユーザーID、ニックネーム、携帯電話番号、銀行、口座名義、口座番号、登録コード。パスワードと出金パスワードは復元できない形式（argon2idハッシュ）でのみ保存します。',
          'ご利用中：ログイン記録（IPアドレス、ブラウザ情報、日時）、入金・出金、コンプポイント、ゲームのベット履歴、お問い合わせとその回答、利用上限と利用制限の設定。',
        ],
      },
      {
        heading: '2. 利用目的',
        paragraphs: [
          '会員の識別とアカウント管理、着金確認とご本人口座への出金、不正利用と複数アカウントの防止、お問い合わせへの対応、利用上限と利用制限の適用、法令上の義務の履行のためにのみ利用します。',
        ],
      },
      {
        heading: '3. 保存期間',
        items: [
          'アカウントが存在する間は保存し、退会後は関係法令が定める期間の経過後に破棄します。',
          '金銭取引の記録は変更・削除できない台帳で管理し、法令が定める期間保存します。',
          'ログインセッションは最後の操作から30分、ログインから最長12時間で終了します。',
        ],
      },
      {
        heading: '4. 第三者への提供',
        paragraphs: [
          'ゲームをプレイする際、プロバイダーにはゲームの進行に必要な情報（会員の識別子、ベット額と配当額）のみを提供します。個人情報を販売することはなく、法令に基づく要請がある場合にのみ関係機関に提供します。',
        ],
      },
      {
        heading: '5. Cookieとブラウザの保存領域',
        paragraphs: [
          'ログイン状態を保つセッションCookieとセキュリティ用Cookieのみを使用し、広告やトラッキング用のCookieは使用しません。ブラウザには、ログインフォームに入力するユーザーIDと、閉じたお知らせの情報のみを保存します。',
        ],
      },
      {
        heading: '6. 安全管理措置',
        paragraphs: [
          'すべての通信を暗号化（HTTPS）し、パスワードはハッシュでのみ保存し、運営者のすべての操作を変更できない監査記録として残します。',
        ],
      },
      {
        heading: '7. 会員の権利',
        paragraphs: [
          'ご自身の情報の開示・訂正（出金口座の変更を含む）や退会は、お問い合わせページからご依頼いただけます。パスワードと出金パスワードはマイページでご自身で変更できます。',
        ],
      },
      {
        heading: '8. お問い合わせ',
        paragraphs: ['個人情報に関するお問い合わせは、お問い合わせページからお送りください。'],
      },
    ],
  },
  vn: {
    title: 'Chính sách quyền riêng tư',
    sections: [
      {
        heading: '1. Thông tin chúng tôi thu thập',
        items: [
          'Khi đăng ký: ID người dùng, biệt danh, số điện thoại, ngân hàng, chủ tài khoản, số tài khoản và mã đăng ký. Mật khẩu và Mã PIN rút tiền chỉ được lưu ở dạng không thể khôi phục (mã băm argon2id).',
          'Trong khi sử dụng: lịch sử đăng nhập (địa chỉ IP, trình duyệt, thời gian), lịch sử nạp tiền, rút tiền, điểm comp và cược, các yêu cầu hỗ trợ cùng câu trả lời, các hạn mức và thời gian tạm nghỉ bạn đã đặt.',
        ],
      },
      {
        heading: '2. Mục đích sử dụng',
        paragraphs: [
          'Chỉ để nhận diện bạn và quản lý tài khoản, xác nhận tiền nạp và chuyển tiền rút vào tài khoản của chính bạn, ngăn chặn gian lận và việc dùng nhiều tài khoản, trả lời yêu cầu hỗ trợ, áp dụng hạn mức và thời gian tạm nghỉ bạn đã đặt, và thực hiện nghĩa vụ pháp lý.',
        ],
      },
      {
        heading: '3. Thời gian lưu trữ',
        items: [
          'Lưu trữ trong suốt thời gian tài khoản tồn tại; sau khi tài khoản bị đóng, chỉ lưu trong thời hạn pháp luật yêu cầu rồi hủy.',
          'Các giao dịch tiền được ghi vào sổ cái không thể sửa hoặc xóa, và được lưu trong thời hạn pháp luật yêu cầu.',
          'Phiên đăng nhập kết thúc sau 30 phút không hoạt động, và chậm nhất 12 giờ sau khi đăng nhập.',
        ],
      },
      {
        heading: '4. Chia sẻ với bên thứ ba',
        paragraphs: [
          'Khi bạn chơi, nhà cung cấp trò chơi chỉ nhận những gì trò chơi cần: mã định danh tài khoản của bạn và số tiền cược, tiền thắng. Chúng tôi không bao giờ bán dữ liệu cá nhân và chỉ cung cấp cho cơ quan chức năng khi pháp luật yêu cầu.',
        ],
      },
      {
        heading: '5. Cookie và bộ nhớ trình duyệt',
        paragraphs: [
          'Chúng tôi chỉ dùng cookie phiên để duy trì đăng nhập và cookie bảo mật; không dùng cookie quảng cáo hay theo dõi. Trình duyệt của bạn chỉ lưu ID người dùng để điền sẵn vào trang đăng nhập và các thông báo bạn đã đóng.',
        ],
      },
      {
        heading: '6. Biện pháp bảo vệ',
        paragraphs: [
          'Mọi kết nối đều được mã hóa (HTTPS), mật khẩu chỉ được lưu dưới dạng mã băm, và mọi thao tác của nhân viên vận hành đều được ghi vào nhật ký kiểm tra không thể thay đổi.',
        ],
      },
      {
        heading: '7. Quyền của bạn',
        paragraphs: [
          'Bạn có thể yêu cầu bộ phận Hỗ trợ cho xem hoặc sửa thông tin của bạn (kể cả tài khoản rút tiền) hoặc đóng tài khoản. Bạn có thể tự đổi mật khẩu và Mã PIN rút tiền tại Tài khoản của tôi.',
        ],
      },
      {
        heading: '8. Liên hệ',
        paragraphs: ['Vui lòng gửi câu hỏi về dữ liệu cá nhân đến mục Hỗ trợ.'],
      },
    ],
  },
  cn: {
    title: '隐私政策',
    sections: [
      {
        heading: '一、我们收集的信息',
        items: [
          '注册时：用户名、昵称、手机号码、银行、开户姓名、银行账号和注册码。登录密码和提现密码仅以无法还原的形式（argon2id 哈希）保存。',
          '使用期间：登录记录（IP 地址、浏览器信息、时间）、充值、提现、返水积分和投注记录、客服咨询及回复，以及您设置的限额和暂停。',
        ],
      },
      {
        heading: '二、使用目的',
        paragraphs: [
          '仅用于识别会员和管理账户、确认充值并向您本人账户支付提现、防止欺诈和多重账户、回复咨询、执行您设置的限额和暂停，以及履行法律义务。',
        ],
      },
      {
        heading: '三、保存期限',
        items: [
          '账户存续期间予以保存；账户注销后，仅在法律规定的期限内保存，期满后销毁。',
          '资金往来记录保存在无法修改或删除的账本中，并在法律规定的期限内保存。',
          '登录会话在最后一次操作30分钟后结束，最迟在登录12小时后结束。',
        ],
      },
      {
        heading: '四、向第三方提供',
        paragraphs: [
          '您进行游戏时，游戏厂商只会收到游戏所需的信息：您账户的识别码以及投注和派彩金额。我们绝不出售个人信息，仅在法律要求时向有关机关提供。',
        ],
      },
      {
        heading: '五、Cookie 与浏览器存储',
        paragraphs: [
          '我们只使用保持登录状态的会话 Cookie 和安全 Cookie，不使用广告或追踪 Cookie。您的浏览器只保存用于预填登录表单的用户名，以及您已关闭的提示。',
        ],
      },
      {
        heading: '六、安全保护措施',
        paragraphs: [
          '所有通信均经过加密（HTTPS），密码仅以哈希形式保存，运营人员的每一项操作都会写入无法更改的审计记录。',
        ],
      },
      {
        heading: '七、您的权利',
        paragraphs: [
          '您可以通过客服中心申请查阅或更正您的信息（包括提现账户）或注销账户。登录密码和提现密码可以在个人中心自行修改。',
        ],
      },
      {
        heading: '八、联系我们',
        paragraphs: ['有关个人信息的问题，请通过客服中心联系我们。'],
      },
    ],
  },
};

const TEXTS: Record<TLegalKind, Record<TLocale, LegalText>> = { terms: TERMS, privacy: PRIVACY };

/** Version 1 of a document in one locale, as stored: its title and its HTML body. */
export function firstVersionText(kind: TLegalKind, locale: TLocale): { title: string; body: string } {
  const text = TEXTS[kind][locale];
  return { title: text.title, body: legalHtml(text.sections) };
}
