// The static agreement and tutorial pages under /protocols/{name} (spec/02 §2, §9). Our own text;
// the facts spec/02 §9 fixes (7 natural days, 3 natural months, 15 working days, minors under 18,
// the virtual currency, the two notice sentences) appear word for word where they apply.
import { NO_IDENTITY, SHOP_NAME, type ShopIdentity } from "./seller";

export type ProtocolBlock = string | { list: string[]; ordered?: boolean } | { note: string };

export interface ProtocolSection {
  heading: string;
  blocks: ProtocolBlock[];
}

export interface ProtocolDocument {
  name: string;
  title: string;
  /** One sentence for the page description. */
  summary: string;
  updated: string;
  intro: string[];
  sections: ProtocolSection[];
}

const SHOP = SHOP_NAME;
const SERVICE_MAIL = "service@ttsgame.example";
const SERVICE_HOURS = "每天 9:00-23:00";

/** spec/02 §9, word for word. */
export const NOT_REFUNDABLE = "商品属于游戏兑换码产品，非普通商品，除兑换失败原因外不支持退换";
export const REGION_WARNING = "部分商品兑换存在地域限制，请留意您购买的商品兑换区域";

/**
 * The agreements, naming the company the operator set in the back office (decision 061); without
 * one they say 本商城运营方 rather than an invented name.
 */
export function protocolDocuments(seller: ShopIdentity): ProtocolDocument[] {
  const COMPANY = seller.company || "本商城运营方";
  const contact: ProtocolSection = {
    heading: "联系我们",
    blocks: [
      `如您对本文件有任何疑问、意见或投诉，可通过页面右下角的「在线客服」（服务时间：${SERVICE_HOURS}）或发送邮件至 ${SERVICE_MAIL} 与我们联系，我们会尽快答复。`,
      ...(seller.company ? [`运营主体：${seller.company}${seller.address ? `，地址：${seller.address}` : ""}。`] : []),
    ],
  };

  return [
    {
      name: "privacy",
      title: "隐私政策",
      summary: `${SHOP}如何收集、使用、保存和保护您的个人信息，以及您享有的权利。`,
      updated: "2024-06-01",
      intro: [
        `${SHOP}（以下简称“我们”）由${COMPANY}运营。我们深知个人信息对您的重要性，将按照合法、正当、必要的原则处理您的个人信息。请您在使用我们的服务前仔细阅读本政策。`,
      ],
      sections: [
        {
          heading: "一、我们收集的信息",
          blocks: [
            "为向您提供购买和发货服务，我们会收集以下信息：",
            {
              list: [
                "账号信息：您注册或登录时提供的手机号码（含国家或地区区号）；使用密码登录时，我们只保存密码经过不可逆加密后的结果。",
                "订单信息：您购买的商品、规格、金额、支付方式、订单状态，以及您填写的收货邮箱。",
                "设备与日志信息：浏览器类型、操作系统、访问时间、IP 地址和访问的页面，用于保障账号安全和排查故障。",
                "渠道信息：您通过推广链接访问时链接中携带的渠道编号和渠道名称，用于统计推广效果。",
              ],
            },
            "我们不会收集与服务无关的信息，也不会要求您提供身份证件、银行卡号等敏感信息；支付由微信支付、支付宝等支付机构在其页面完成，我们不会获得您的支付账户密码。",
          ],
        },
        {
          heading: "二、我们如何使用信息",
          blocks: [
            {
              list: [
                "完成登录验证、创建订单、发放兑换码，并通过邮件和短信向您发送兑换码与订单通知；",
                "在您遇到兑换问题时核实订单、提供售后服务；",
                "识别异常登录、批量注册、恶意下单等行为，保护您和其他用户的账号与财产安全；",
                "在去除身份识别信息后进行统计分析，改进商品和页面体验。",
              ],
            },
            "如需将信息用于本政策未载明的其他用途，我们会事先征得您的同意。",
          ],
        },
        {
          heading: "三、信息的共享与披露",
          blocks: [
            "我们不会出售您的个人信息。仅在以下情形中，我们会在必要范围内共享信息：",
            {
              list: [
                "与支付机构共享订单号和金额，以完成支付；",
                "与短信和邮件服务商共享手机号或邮箱，以发送验证码、兑换码和通知；",
                "根据法律法规、诉讼或政府主管部门的强制性要求。",
              ],
            },
          ],
        },
        {
          heading: "四、信息的保存与保护",
          blocks: [
            "登录凭证以随机令牌的形式保存在仅限服务器读取的 Cookie 中，服务器只保存其摘要，30 天后自动失效，退出登录时立即作废。我们采用访问控制、传输加密等措施保护您的信息。",
            "我们仅在实现本政策所述目的所必需的期间内保存您的信息；法律法规另有规定的，从其规定。",
          ],
        },
        {
          heading: "五、您的权利",
          blocks: [
            {
              list: [
                "查询与更正：您可以在「查询我的订单」中查看订单信息；如需更正账号信息，请联系客服。",
                "注销账号：您可以联系客服申请注销账号，我们将在核实身份后于 15 个工作日内处理完毕。注销后，您的账号、订单记录和未使用的优惠券将无法恢复。",
                "撤回同意：您可以通过浏览器设置清除或拒绝 Cookie，详见《Cookie 政策》。",
              ],
            },
          ],
        },
        {
          heading: "六、未成年人保护",
          blocks: [
            "未满 18 周岁的用户为未成年人。未成年人应在监护人的陪同和同意下阅读本政策并使用我们的服务；如监护人发现未成年人未经同意提供了个人信息，请联系我们删除。",
          ],
        },
        {
          heading: "七、本政策的更新",
          blocks: ["本政策更新时，我们会在本页面公布新的版本并更新生效日期；重大变更将以站内提示等方式告知您。"],
        },
        contact,
      ],
    },
    {
      name: "user",
      title: "用户注册协议",
      summary: `注册和使用${SHOP}会员服务前需要了解的权利与义务，包括账号、购买、虚拟币和未成年人条款。`,
      updated: "2024-06-01",
      intro: [`欢迎您使用${SHOP}。本协议是您与${COMPANY}之间关于注册、登录和使用本商城会员服务的约定。您点击登录即视为已阅读并同意本协议及《隐私政策》。`],
      sections: [
        {
          heading: "一、账号注册与使用",
          blocks: [
            {
              list: [
                "您可以使用手机号和短信验证码登录；未注册的手机号验证后将自动创建账号。",
                "账号仅限您本人使用，请妥善保管验证码和密码，不要转借他人。因您保管不善造成的损失由您自行承担。",
                "如发现账号被盗用，请立即联系客服冻结账号。",
              ],
            },
          ],
        },
        {
          heading: "二、未成年人使用",
          blocks: [
            "未满 18 周岁的用户为未成年人。未成年人注册和购买前应取得监护人的同意，并在监护人指导下合理消费；监护人可联系客服对未成年人的消费进行咨询和处理。",
          ],
        },
        {
          heading: "三、商品与购买",
          blocks: [
            "本商城销售的游戏兑换码、充值卡、礼品卡等数字商品由权利人授权销售。您下单并完成支付后，兑换码将显示在订单详情中，并通过邮件和短信发送给您。",
            { note: `${NOT_REFUNDABLE}。${REGION_WARNING}。` },
            "由于实时汇率变化，实际支付金额可能与页面展示价格存在细微差异，以支付页面显示为准。",
          ],
        },
        {
          heading: "四、虚拟币",
          blocks: [
            "超过 3 个自然月的数字商品退款将以虚拟币余额的形式返还至您的账号。虚拟币仅可用于在本商城购买商品，不可兑换为现金，不可转让或赠与他人，也不计利息。",
          ],
        },
        {
          heading: "五、用户行为规范",
          blocks: [
            "您不得利用本商城从事以下行为，否则我们有权限制或终止您的账号：",
            {
              list: [
                "使用他人支付账户或以欺诈方式下单；",
                "利用程序批量注册、抢购、领取优惠券，或恶意占用库存；",
                "转售兑换码牟利或从事其他违反法律法规和平台规则的活动。",
              ],
            },
          ],
        },
        {
          heading: "六、服务变更与责任限制",
          blocks: [
            "我们会尽力保障服务稳定，但因系统维护、网络故障或不可抗力导致的服务中断，我们将及时修复并尽可能提前公告。兑换码的使用受对应游戏平台规则约束，平台方调整规则造成的影响不属于本商城的责任范围，但我们会协助您与平台方沟通。",
          ],
        },
        {
          heading: "七、协议的修改与适用法律",
          blocks: [
            "我们可能根据业务调整修改本协议，修改后的协议在本页面公布后生效。本协议适用中华人民共和国香港特别行政区法律；因本协议产生的争议，双方应友好协商解决。",
          ],
        },
        contact,
      ],
    },
    {
      name: "cookies",
      title: "Cookie 政策",
      summary: `${SHOP}使用哪些 Cookie、各自的用途和保存期限，以及如何管理它们。`,
      updated: "2024-06-01",
      intro: ["Cookie 是网站保存在您浏览器中的小型文本文件。我们只使用保证商城正常运行和记住您偏好所必需的 Cookie，不使用第三方广告追踪 Cookie。"],
      sections: [
        {
          heading: "一、我们使用的 Cookie",
          blocks: [
            {
              list: [
                "login_credential：保存您的登录状态，仅服务器可读，保存 30 天，退出登录时删除。",
                "saas-token：识别访问会话，用于接口安全校验，仅服务器可读。",
                "url_params：记住您访问时携带的渠道编号、渠道名称和店铺线路，保存 1 年。",
                "serach_cache：保存您最近的搜索历史（最多 5 条），用于在搜索框中显示「历史搜索」，您可以随时点击「清除历史」删除。",
                "DIALOG_DATE_KEY、DIALOG_USER_ID_KEY：记录首页活动弹窗的展示日期和账号，避免同一弹窗重复打扰您。",
                "flash：在页面跳转后显示一次性的操作提示，1 分钟内失效。",
              ],
            },
          ],
        },
        {
          heading: "二、如何管理 Cookie",
          blocks: ["您可以在浏览器设置中查看、删除或拒绝 Cookie。请注意，拒绝 login_credential 将导致无法登录和购买；删除其他 Cookie 只会让相应偏好恢复默认。"],
        },
        contact,
      ],
    },
    {
      name: "logistics",
      title: "退换货政策",
      summary: `${SHOP}数字商品与实物商品的退换规则、退款方式和办理流程。`,
      updated: "2024-06-01",
      intro: ["为保障您的权益，请在购买前仔细阅读本政策。数字商品一经发货即可使用，因此与普通商品的退换规则不同。"],
      sections: [
        {
          heading: "一、游戏兑换码等数字商品",
          blocks: [
            { note: `${NOT_REFUNDABLE}。` },
            "兑换失败是指：兑换码在对应平台提示无效、已被使用，或与商品页面标明的区域、版本不符。遇到上述情况，请保留兑换失败的截图并联系客服，经核实后我们将为您补发或退款。",
            { note: `${REGION_WARNING}。因账号区域与商品兑换区域不一致导致无法兑换的，不属于兑换失败。` },
          ],
        },
        {
          heading: "二、实物商品",
          blocks: [
            "实物商品（如实体礼品卡、周边）自签收之日起 7 个自然日内，在商品完好、不影响二次销售的前提下支持退换货。请联系客服登记，并按客服提供的地址寄回；因质量问题产生的运费由我们承担。",
          ],
        },
        {
          heading: "三、退款方式",
          blocks: [
            {
              list: [
                "审核通过的退款原路退回您的支付账户，到账时间以支付机构为准。",
                "超过 3 个自然月的数字商品退款将以虚拟币余额的形式返还至您的账号。",
                "虚拟币不可兑换为现金，不可转让。",
                "订单使用了优惠券的，退款金额按实际支付金额计算。",
              ],
            },
          ],
        },
        {
          heading: "四、办理流程",
          blocks: [
            {
              ordered: true,
              list: [
                "在「查询我的订单」中找到对应订单，记下订单号；",
                "联系在线客服，说明问题并提供订单号和截图；",
                "客服核实后告知您补发、换货或退款的结果。",
              ],
            },
          ],
        },
        contact,
      ],
    },
    {
      name: "virtual-shipment",
      title: "虚拟商品发货政策",
      summary: `${SHOP}数字商品的发货方式、发货时间、预售商品和缺货处理。`,
      updated: "2024-06-01",
      intro: ["本商城的游戏兑换码、充值卡和礼品卡均为虚拟商品，通过线上方式发货，无需物流配送。"],
      sections: [
        {
          heading: "一、发货方式",
          blocks: [
            "支付成功后系统自动发货，通常在数秒至数分钟内完成。发货后您可以通过以下方式获取兑换码：",
            {
              list: ["在「查询我的订单」的订单详情中查看并一键复制；", "通过下单时填写的邮箱接收兑换码邮件；", "通过登录手机号接收短信通知。"],
            },
            "未填写有效邮箱时，兑换码仍可在订单详情和短信中找到。",
          ],
        },
        {
          heading: "二、预售商品",
          blocks: ["预售商品在游戏解锁后发放，发放时间以商品页面和订单详情中标明的时间为准。发放前订单显示“游戏解锁后发放”，请耐心等待。"],
        },
        {
          heading: "三、发货延迟与缺货",
          blocks: ["如订单长时间显示“提货中，请耐心等待”，可能是该规格临时缺货。我们会优先补货发放；无法补货的，客服将联系您办理全额退款。"],
        },
        {
          heading: "四、发货前请确认",
          blocks: [{ note: `${REGION_WARNING}。` }, { note: `${NOT_REFUNDABLE}。` }, "由于实时汇率变化，实际支付金额可能与页面展示价格存在细微差异。"],
        },
        contact,
      ],
    },
    {
      name: "tutorial-gamersmarket",
      title: "游戏兑换教程",
      summary: `在${SHOP}购买游戏兑换码并完成兑换的完整步骤。`,
      updated: "2024-06-01",
      intro: [`从选购到兑换，只需以下几步。各平台的具体兑换方法请见《兑换码与充值卡使用教程》。`],
      sections: [
        {
          heading: "一、选购商品",
          blocks: [
            {
              ordered: true,
              list: [
                "在首页或搜索框中找到想要的游戏，进入商品详情页；",
                "依次选择区域、版本和面值等规格，确认商品页面标明的兑换区域与您的游戏账号区域一致；",
                "如有可用优惠券，结算时将自动为您选择最优惠的一张。",
              ],
            },
          ],
        },
        {
          heading: "二、下单与支付",
          blocks: [
            {
              ordered: true,
              list: [
                "登录后点击「立即购买」，填写接收兑换码的邮箱；",
                "选择微信或支付宝，点击「点击付款」并在支付页面完成付款；",
                "支付完成后页面将自动跳转到支付结果页，请不要关闭页面。",
              ],
            },
          ],
        },
        {
          heading: "三、获取兑换码",
          blocks: ["发货后，兑换码会显示在订单详情中，同时发送到您的邮箱和手机。您可以随时在「查询我的订单」中再次查看。"],
        },
        {
          heading: "四、前往平台兑换",
          blocks: [
            "复制兑换码，按照对应平台的步骤完成兑换：Steam、Nintendo eShop、PlayStation Network 和 Xbox 的详细步骤见《兑换码与充值卡使用教程》；手游充值类商品按商品详情页的说明在游戏内兑换。",
            { note: `${REGION_WARNING}。` },
            { note: `${NOT_REFUNDABLE}。兑换失败时请保留截图并联系客服。` },
          ],
        },
        contact,
      ],
    },
    {
      name: "coupon-rules",
      title: "优惠券使用规则",
      summary: `${SHOP}优惠券的类型、领取、使用、退还和失效规则。`,
      updated: "2024-06-01",
      intro: ["优惠券是本商城向会员发放的购物优惠凭证。请在领取和使用前阅读以下规则。"],
      sections: [
        {
          heading: "一、优惠券类型",
          blocks: [
            {
              list: ["满减券：订单金额达到使用门槛后，减免券面金额，例如“满 100 减 10”。", "折扣券：按券面折扣计算优惠，部分折扣券设有最高优惠金额。"],
            },
          ],
        },
        {
          heading: "二、领取",
          blocks: [
            {
              list: [
                "登录后可在「领券中心」领取优惠券；部分新人券会在您登录后自动发放到账号。",
                "每种优惠券有发放总量和每人限领数量，领完即止。",
                "领取成功的优惠券可在「我的优惠券」中查看。",
              ],
            },
          ],
        },
        {
          heading: "三、使用",
          blocks: [
            {
              list: [
                "优惠券须在有效期内使用；有效期为固定日期，或自领取之日起的若干天，以券面显示为准，到期前 3 天将提示即将到期。",
                "部分优惠券仅限指定商品使用；不满足使用条件的优惠券在结算时显示为不可用。",
                "每笔订单限用一张优惠券，结算时系统会自动为您选择优惠金额最大的可用优惠券，您也可以手动更换。",
              ],
            },
          ],
        },
        {
          heading: "四、占用、退还与失效",
          blocks: [
            {
              list: [
                "使用优惠券提交订单后，优惠券被暂时占用，显示为已使用；如该订单在支付前被取消或超时关闭，优惠券将退回您的账号，可再次使用。",
                "订单支付成功后，优惠券即被消耗，不再退还。",
                "过期的优惠券自动失效，不予补发。",
              ],
            },
          ],
        },
        {
          heading: "五、其他说明",
          blocks: ["优惠券不可兑换为现金，不可转让，不设找零。以作弊、批量注册等不正当方式获取的优惠券，我们有权作废并取消相关订单。"],
        },
        contact,
      ],
    },
    {
      name: "tutorial-steam",
      title: "兑换码与充值卡使用教程",
      summary: "Steam、Nintendo eShop、PlayStation Network 和 Xbox 兑换码与充值卡的兑换步骤。",
      updated: "2024-06-01",
      intro: ["请先确认兑换码对应的平台和区域与您的账号一致，再按以下步骤兑换。平台界面可能随版本更新略有变化，以平台实际显示为准。"],
      sections: [
        {
          heading: "一、Steam 游戏激活码",
          blocks: [
            {
              ordered: true,
              list: [
                "打开 Steam 客户端并登录您的账号；",
                "点击客户端左下角的「添加游戏」，选择「激活产品…」（旧版客户端在顶部菜单「游戏」中）；",
                "阅读并同意《Steam 订户协议》，输入兑换码，点击「确认」；",
                "激活成功后，游戏会出现在您的库中，可立即下载。",
              ],
            },
            "也可以在浏览器中登录 Steam 商店，打开 store.steampowered.com/account/registerkey 输入兑换码激活。",
          ],
        },
        {
          heading: "二、Steam 钱包充值卡",
          blocks: [
            {
              ordered: true,
              list: [
                "在浏览器或客户端登录 Steam，点击右上角的账户名，选择「账户明细」；",
                "点击「添加资金至您的 Steam 钱包」，选择「兑换 Steam 礼品卡或钱包充值码」；",
                "输入充值码并点击「继续」，余额将以您钱包的货币入账。",
              ],
            },
          ],
        },
        {
          heading: "三、Nintendo eShop（Switch）",
          blocks: [
            {
              ordered: true,
              list: [
                "在 Nintendo Switch 的 HOME 菜单中选择「Nintendo eShop」，选择要使用的用户；",
                "在左侧菜单中选择「兑换下载码」（Redeem Code）；",
                "输入 16 位兑换码，选择「确定」，再次确认后完成兑换；",
                "游戏会自动开始下载，充值卡金额会计入 eShop 余额。",
              ],
            },
            "也可以在浏览器打开 Nintendo 账号的兑换页面 ec.nintendo.com/redeem，登录后输入兑换码。Nintendo 账号的国家或地区必须与兑换码的区域一致。",
          ],
        },
        {
          heading: "四、PlayStation Network（PS5 / PS4）",
          blocks: [
            {
              ordered: true,
              list: [
                "PS5：在主页打开「PlayStation Store」，选择右上角的「…」，再选择「兑换代码」；",
                "PS4：在主页打开「PlayStation Store」，在左侧菜单底部选择「兑换代码」；",
                "输入 12 位代码，选择「兑换」并确认；",
                "游戏可在游戏库中下载，会员与钱包充值会立即生效。",
              ],
            },
            "也可以在浏览器登录 store.playstation.com，点击头像后选择「兑换代码」。PSN 账号的国家或地区必须与代码的区域一致。",
          ],
        },
        {
          heading: "五、Xbox（主机、Windows 与网页）",
          blocks: [
            {
              ordered: true,
              list: [
                "Xbox 主机：按手柄上的 Xbox 按钮打开指南，进入「应用商店」，按「视图」按钮后选择「兑换」；",
                "Windows：打开 Microsoft Store，点击头像，选择「兑换代码或礼品卡」；",
                "网页：打开 redeem.microsoft.com 并登录 Microsoft 账户；",
                "输入 25 位代码（不区分大小写），点击「下一步」，确认后完成兑换。",
              ],
            },
            "Xbox Game Pass 等会员兑换后会延长对应订阅时间；礼品卡金额会计入 Microsoft 账户余额。",
          ],
        },
        {
          heading: "六、兑换遇到问题",
          blocks: [{ note: `${REGION_WARNING}。` }, { note: `${NOT_REFUNDABLE}。如平台提示代码无效或已被使用，请保留截图并联系客服。` }],
        },
        contact,
      ],
    },
  ];
}

/** The documents' names and titles (the same whoever sells). */
export const PROTOCOLS = protocolDocuments(NO_IDENTITY);

export function protocolByName(name: string | undefined, seller: ShopIdentity): ProtocolDocument | undefined {
  return protocolDocuments(seller).find((doc) => doc.name === name);
}
