// The demo catalogue and shop content as plain data. Money is integer cents (分); times are given
// as offsets from the seed's `now` and turned into epoch milliseconds by seed.ts.

export type Platform = "STEAM" | "NINTENDO" | "PSN" | "XBOX" | "MOBILE" | "GIFT_CARD";
/** Which emblem the generated artwork draws. */
export type ArtKind = "game" | "card" | "topup" | "membership";
export type LinkType = "NO_REDIRECT" | "INTERNAL_WEB" | "EXTERNAL_WEB" | "PAGE_REDIRECT" | "GOODS_DETAIL";
export type OrderStatus = "INIT" | "WAIT_PAY" | "PAY_SUCCESS" | "PAY_FAIL" | "SENDING" | "SEND_SUCCESS" | "PART_REFUND" | "ALL_REFUND" | "CLOSE";
export type PayWay = "WX" | "ALIPAY";

/** One node of a SKU tree. Leaves carry a price and become SKUs. */
export interface SpecDef {
  value: string;
  desc?: string;
  disabled?: boolean;
  /** Leaves: sale price and original price (cents). */
  price?: readonly [sale: number, origin: number];
  /** Leaves: a fixed number of UNUSED codes instead of the usual 20–60. */
  stock?: number;
  children?: SpecDef[];
}

export interface GoodsIntro {
  about: string;
  highlights: string[];
}

export interface GoodsDef {
  no: string;
  name: string;
  desc: string;
  platform: Platform;
  art: ArtKind;
  tags: string[];
  /** Corner label of the goods card (extra TAG). */
  label: string;
  /** Genre/feature tags of the topic page (extra TOPIC_TAGS). */
  topicTags: string[];
  /** Spec names from the top level down, one per tree level. */
  specNames: string[];
  specs: SpecDef[];
  regionRestricted?: boolean;
  /** Presale: codes are delivered this many days after now. */
  presaleInDays?: number;
  /** The sale price ends this many days after now. */
  saleEndsInDays?: number;
  /** Overrides the platform's redemption page. */
  redemptionUrl?: string;
  /** Rich-text introduction (PROMOTION_RENDER block). */
  intro?: GoodsIntro;
}

export const PLATFORM_LABELS: Record<Platform, string> = {
  STEAM: "STEAM",
  NINTENDO: "Nintendo eShop",
  PSN: "PlayStation",
  XBOX: "Xbox",
  MOBILE: "手游充值",
  GIFT_CARD: "礼品卡",
};

export const REDEMPTION_URLS: Record<Platform, string> = {
  STEAM: "https://store.steampowered.com/account/registerkey",
  NINTENDO: "https://ec.nintendo.com/redeem",
  PSN: "https://store.playstation.com/redeem",
  XBOX: "https://redeem.microsoft.com",
  MOBILE: "https://pay.qq.com",
  GIFT_CARD: "https://apps.apple.com/redeem",
};

/** notice_text of a delivered code, per platform. */
export const DELIVERY_NOTICES: Record<Platform, string> = {
  STEAM: "请按兑换步骤在 Steam 中兑换。兑换码一经发放不支持退换，请勿泄露给他人。",
  NINTENDO: "请在 Nintendo eShop「输入兑换码」中兑换，需使用与商品相同区服的任天堂账户。",
  PSN: "请在 PlayStation Store「兑换代码」中输入，需使用与商品相同区服的 PSN 账户。",
  XBOX: "请在 redeem.microsoft.com 或主机 Microsoft Store 中兑换，需使用对应地区的 Microsoft 账户。",
  MOBILE: "请在游戏官方充值中心输入充值码，选择正确的区服与角色后兑换。",
  GIFT_CARD: "请在对应商店的「兑换礼品卡」中输入卡密，余额不可提现、不可转让。",
};

export const PERFORMANCE_TEXT = "自动发货：支付成功后约 1 分钟内发放兑换码，可在「我的订单」查看，并同步发送短信与邮件。";
export const OUT_OF_STOCK_NOTICE = "库存不足，正在补货，请耐心等待";

// ─── builders for SKU trees ──────────────────────────────────────────────

function leaf(value: string, sale: number, origin = sale, extra: Partial<SpecDef> = {}): SpecDef {
  return { value, price: [sale, origin], ...extra };
}

function node(value: string, children: SpecDef[], extra: Partial<SpecDef> = {}): SpecDef {
  return { value, children, ...extra };
}

interface Option {
  value: string;
  desc?: string;
  disabled?: boolean;
}
interface RegionOption extends Option {
  /** Price factor of this region against the base edition price. */
  factor: number;
}
interface EditionOption extends Option {
  sale: number;
  origin: number;
}
interface ContentOption extends Option {
  /** Added to the edition price (cents). */
  extra: number;
}

const wholeYuan = (cents: number) => Math.round(cents / 100) * 100;

/** region → edition (→ content) tree where every price derives from the edition price. */
function grid(regions: RegionOption[], editions: EditionOption[], contents?: ContentOption[]): SpecDef[] {
  const price = (r: RegionOption, e: EditionOption, extra: number): [number, number] => [
    wholeYuan((e.sale + extra) * r.factor),
    wholeYuan((e.origin + extra) * r.factor),
  ];
  return regions.map((r) =>
    node(
      r.value,
      editions.map((e) => {
        if (!contents) return leaf(e.value, ...price(r, e, 0), { desc: e.desc, disabled: e.disabled });
        return node(
          e.value,
          contents.map((c) => leaf(c.value, ...price(r, e, c.extra), { desc: c.desc, disabled: c.disabled })),
          { desc: e.desc, disabled: e.disabled },
        );
      }),
      { desc: r.desc, disabled: r.disabled },
    ),
  );
}

/** Denomination leaves from [label, sale, origin] rows. */
function denoms(rows: ReadonlyArray<readonly [string, number, number]>): SpecDef[] {
  return rows.map(([label, sale, origin]) => leaf(label, sale, origin));
}

const CN: RegionOption = { value: "国区", desc: "仅限中国大陆 Steam 账户激活", factor: 1 };
const HK: RegionOption = { value: "港区", desc: "仅限中国香港 Steam 账户激活", factor: 1.06 };
const GLOBAL: RegionOption = { value: "全球", desc: "无锁区，任意地区账户可激活", factor: 1.18 };
const ESHOP_HK: RegionOption = { value: "港服", desc: "需使用中国香港地区任天堂账户", factor: 1 };
const ESHOP_JP: RegionOption = { value: "日服", desc: "需使用日本地区任天堂账户", factor: 0.92 };
const ESHOP_US: RegionOption = { value: "美服", desc: "需使用美国地区任天堂账户", factor: 1.04 };
const PSN_HK: RegionOption = { value: "港服", desc: "需使用中国香港地区 PSN 账户", factor: 1 };
const PSN_JP: RegionOption = { value: "日服", desc: "需使用日本地区 PSN 账户", factor: 0.95 };
const NSO_BUNDLE: ContentOption[] = [
  { value: "本体", extra: 0 },
  { value: "本体 + NSO 会员 3 个月", desc: "附赠 Nintendo Switch Online 3 个月会员兑换码", extra: 3800 },
];
const PS_PLATFORMS: ContentOption[] = [
  { value: "PS5 版", extra: 0 },
  { value: "PS4 版", desc: "可免费升级至 PS5 版", extra: -2000 },
];

// ─── the catalogue ───────────────────────────────────────────────────────

export const GOODS: GoodsDef[] = [
  // Steam
  {
    no: "G1001",
    name: "黑神话：悟空",
    desc: "以中国神话为背景的动作角色扮演游戏，扮演「天命人」踏上充满危险与奇遇的西游之路。",
    platform: "STEAM",
    art: "game",
    tags: ["国区", "激活码", "秒发"],
    label: "热销",
    topicTags: ["动作", "角色扮演", "国产", "单人"],
    regionRestricted: true,
    saleEndsInDays: 5,
    specNames: ["区域", "版本", "内容"],
    specs: grid(
      [CN, HK, { ...GLOBAL, disabled: true, desc: "全球版暂未开放" }],
      [
        { value: "数字标准版", sale: 22800, origin: 26800 },
        { value: "数字豪华版", desc: "含武器「碧岚剑」等豪华内容", sale: 28800, origin: 32800 },
      ],
      [
        { value: "本体", extra: 0 },
        { value: "本体 + 原声音乐集", extra: 3000 },
      ],
    ),
    intro: {
      about: "《黑神话：悟空》是一款以中国神话为背景的动作角色扮演游戏。你将扮演一位「天命人」，为了探寻昔日传说的真相，踏上一条充满危险与惊奇的西游之路。",
      highlights: ["七十二变与多种棍法自由组合", "取材山西古建与实景扫描的东方美学", "数十位个性鲜明的妖王与头目"],
    },
  },
  {
    no: "G1002",
    name: "艾尔登法环 黄金树幽影",
    desc: "FromSoftware 出品的大型扩展内容，踏入幽影之地，追寻米凯拉的足迹。",
    platform: "STEAM",
    art: "game",
    tags: ["国区", "激活码", "DLC"],
    label: "好评如潮",
    topicTags: ["魂系", "开放世界", "动作角色扮演"],
    regionRestricted: true,
    specNames: ["区域", "版本", "内容"],
    specs: grid(
      [CN, HK],
      [
        { value: "黄金树幽影 DLC", desc: "需已拥有《艾尔登法环》本体", sale: 16800, origin: 19800 },
        { value: "本体 + DLC 合集", sale: 36800, origin: 49600 },
      ],
      [
        { value: "激活码", extra: 0 },
        { value: "激活码 + 数字设定集", extra: 2800 },
      ],
    ),
    intro: {
      about: "《艾尔登法环 黄金树幽影》是《艾尔登法环》的大型扩展内容。褪色者将踏入被黄金树遮蔽的幽影之地，面对全新的强敌、武器与战灰。",
      highlights: ["全新地图「幽影之地」", "8 种全新武器类型", "幽影树碎片成长系统"],
    },
  },
  {
    no: "G1003",
    name: "赛博朋克2077 往日之影",
    desc: "在夜之城执行一场高风险的间谍任务，体验全新的故事、技能树与载具。",
    platform: "STEAM",
    art: "game",
    tags: ["国区", "激活码", "五折"],
    label: "五折",
    topicTags: ["开放世界", "科幻", "角色扮演"],
    saleEndsInDays: 3,
    specNames: ["区域", "版本", "内容"],
    specs: grid(
      [CN, HK, { value: "美区", desc: "需使用美国地区 Steam 账户", factor: 1.1, disabled: true }],
      [
        { value: "终极版", desc: "含本体与「往日之影」资料片", sale: 19900, origin: 39800 },
        { value: "往日之影 DLC", desc: "需已拥有本体", sale: 9800, origin: 12800 },
      ],
      [
        { value: "激活码", extra: 0 },
        { value: "激活码 + 原声碟", extra: 2500 },
      ],
    ),
    intro: {
      about: "在《赛博朋克2077》的资料片「往日之影」中，V 将与特工索米·里德合作，深入狗镇执行一场关乎新美国总统命运的间谍任务。",
      highlights: ["全新区域「狗镇」", "重做的技能树与义体系统", "基努·里维斯再度出演强尼·银手"],
    },
  },
  {
    no: "G1004",
    name: "博德之门3",
    desc: "根据龙与地下城改编的角色扮演巨作，召集你的队伍，重返被遗忘的国度。",
    platform: "STEAM",
    art: "game",
    tags: ["激活码", "秒发", "年度游戏"],
    label: "年度游戏",
    topicTags: ["角色扮演", "回合制", "多人合作"],
    specNames: ["区域", "版本", "内容"],
    specs: [
      ...grid(
        [CN],
        [
          { value: "标准版", sale: 23800, origin: 29800 },
          { value: "数字豪华版", sale: 30800, origin: 37800 },
        ],
        [
          { value: "本体", extra: 0 },
          { value: "本体 + 艺术设定集", extra: 2000 },
        ],
      ),
      node(
        "全球",
        [
          node("标准版", [leaf("本体", 27800, 34800), leaf("本体 + 艺术设定集", 29800, 36800)]),
          node("数字豪华版", [leaf("本体", 35800, 43800, { stock: 2 }), leaf("本体 + 艺术设定集", 37800, 45800)]),
        ],
        { desc: GLOBAL.desc },
      ),
    ],
    intro: {
      about: "《博德之门3》是一款以龙与地下城第五版规则为基础的角色扮演游戏。在被夺心魔入侵的被遗忘国度中，召集伙伴，书写属于你自己的冒险。",
      highlights: ["高自由度的回合制战斗", "最多 4 人联机合作", "超过 170 小时的过场动画"],
    },
  },
  {
    no: "G1005",
    name: "Steam 充值卡",
    desc: "Steam 钱包充值码，可用于购买游戏、DLC 与社区市场物品。",
    platform: "STEAM",
    art: "card",
    tags: ["充值卡", "秒发", "多区可选"],
    label: "官方渠道",
    topicTags: ["钱包充值", "礼品卡"],
    redemptionUrl: "https://store.steampowered.com/account/redeemwalletcode",
    specNames: ["区域", "卡种", "面值"],
    specs: [
      node(
        "国区",
        ["钱包充值码", "礼品卡（可赠好友）"].map((kind) =>
          node(
            kind,
            denoms([
              ["￥50", 4950, 5000],
              ["￥100", 9880, 10000],
              ["￥200", 19760, 20000],
              ["￥500", 49300, 50000],
            ]),
          ),
        ),
        { desc: "人民币钱包，仅限国区账户" },
      ),
      node(
        "港区",
        ["钱包充值码", "礼品卡（可赠好友）"].map((kind) =>
          node(
            kind,
            denoms([
              ["HK$100", 9300, 9500],
              ["HK$200", 18500, 19000],
              ["HK$500", 46200, 47500],
            ]),
          ),
        ),
        { desc: "港币钱包，仅限港区账户" },
      ),
      node(
        "美区",
        [
          node(
            "钱包充值码",
            denoms([
              ["$20", 14800, 15200],
              ["$50", 36900, 38000],
              ["$100", 73600, 76000],
            ]),
          ),
          node("礼品卡（可赠好友）", denoms([["$20", 14800, 15200]]), { disabled: true, desc: "暂停销售" }),
        ],
        { desc: "美元钱包，仅限美区账户" },
      ),
    ],
    intro: {
      about: "Steam 官方钱包充值码，充值后余额可用于购买游戏、DLC、软件以及社区市场物品，也可作为礼物赠送好友。",
      highlights: ["官方渠道，安全到账", "多种面值可选", "秒发卡密，随买随用"],
    },
  },
  {
    no: "G1006",
    name: "黑神话：钟馗",
    desc: "游戏科学「黑神话」系列第二部作品，以钟馗传说为蓝本的动作角色扮演游戏。",
    platform: "STEAM",
    art: "game",
    tags: ["国区", "预售", "激活码"],
    label: "预售",
    topicTags: ["动作", "国产", "神话"],
    regionRestricted: true,
    presaleInDays: 20,
    specNames: ["区域", "版本", "内容"],
    specs: grid(
      [CN],
      [
        { value: "预购标准版", sale: 25800, origin: 26800 },
        { value: "预购豪华版", sale: 31800, origin: 32800 },
      ],
      [
        { value: "本体", extra: 0 },
        { value: "本体 + 预购特典", desc: "限定外观「赐福镇宅」", extra: 1000 },
      ],
    ),
  },
  {
    no: "G1007",
    name: "巫师4",
    desc: "CD PROJEKT RED 全新三部曲的开篇，希里将作为猎魔人踏上新的旅程。",
    platform: "STEAM",
    art: "game",
    tags: ["预售", "激活码", "全球"],
    label: "预售",
    topicTags: ["开放世界", "角色扮演", "奇幻"],
    presaleInDays: 35,
    specNames: ["区域", "版本"],
    specs: grid(
      [CN, GLOBAL],
      [
        { value: "标准版", sale: 29800, origin: 29800 },
        { value: "豪华版", sale: 37800, origin: 39800 },
      ],
    ),
  },
  {
    no: "G1008",
    name: "双影奇境",
    desc: "只能双人游玩的合作冒险游戏，穿梭于科幻与奇幻两个世界之间。",
    platform: "STEAM",
    art: "game",
    tags: ["双人合作", "激活码", "秒发"],
    label: "双人必玩",
    topicTags: ["合作", "冒险", "分屏"],
    specNames: ["区域", "版本"],
    specs: grid(
      [CN, HK],
      [
        { value: "标准版", desc: "附赠好友通行证，好友可免费联机", sale: 18800, origin: 22800 },
        { value: "豪华版", desc: "暂未开放购买", sale: 25800, origin: 29800, disabled: true },
      ],
    ),
  },
  {
    no: "G1009",
    name: "荒野大镖客：救赎2",
    desc: "史诗级西部开放世界，讲述亚瑟·摩根与范德林德帮的亡命之旅。",
    platform: "STEAM",
    art: "game",
    tags: ["国区", "激活码", "史低"],
    label: "史低",
    topicTags: ["开放世界", "西部", "剧情"],
    saleEndsInDays: 2,
    specNames: ["区域", "版本", "内容"],
    specs: grid(
      [CN, HK],
      [
        { value: "标准版", sale: 8900, origin: 24900 },
        { value: "终极版", sale: 12900, origin: 33900 },
      ],
      [
        { value: "本体", extra: 0 },
        { value: "本体 + 金条 25 根", desc: "线上模式货币", extra: 1800 },
      ],
    ),
  },
  {
    no: "G1010",
    name: "只狼：影逝二度",
    desc: "在战国末期的日本，以忍义手与刀刃夺回被掳走的少主。",
    platform: "STEAM",
    art: "game",
    tags: ["国区", "激活码"],
    label: "年度游戏",
    topicTags: ["动作", "魂系", "单人"],
    specNames: ["区域", "版本"],
    specs: grid([CN, HK], [{ value: "年度版", sale: 16800, origin: 26800 }]),
  },
  {
    no: "G1011",
    name: "席德·梅尔的文明VII",
    desc: "历久弥新的回合制策略系列新作，带领文明跨越时代，书写人类历史。",
    platform: "STEAM",
    art: "game",
    tags: ["激活码", "策略", "秒发"],
    label: "新品",
    topicTags: ["策略", "回合制", "4X"],
    specNames: ["区域", "版本", "内容"],
    specs: grid(
      [CN, GLOBAL],
      [
        { value: "标准版", sale: 24800, origin: 29800 },
        { value: "豪华版", sale: 39800, origin: 44800 },
        { value: "创始人版", sale: 59800, origin: 64800 },
      ],
      [
        { value: "本体", extra: 0 },
        { value: "本体 + 季票", extra: 9800, disabled: true, desc: "季票内容暂未上线" },
      ],
    ),
  },
  {
    no: "G1012",
    name: "怪物猎人 荒野",
    desc: "狩猎动作系列的最新作，在变幻莫测的禁足之地与伙伴一起展开狩猎。",
    platform: "STEAM",
    art: "game",
    tags: ["国区", "激活码", "联机"],
    label: "热销",
    topicTags: ["动作", "狩猎", "多人合作"],
    regionRestricted: true,
    specNames: ["区域", "版本", "内容"],
    specs: grid(
      [CN, HK],
      [
        { value: "标准版", sale: 31800, origin: 34800 },
        { value: "豪华版", sale: 41800, origin: 44800 },
        { value: "高级豪华版", sale: 50800, origin: 54800 },
      ],
      [
        { value: "本体", extra: 0 },
        { value: "本体 + 追加角色编辑券", extra: 1800 },
      ],
    ),
  },
  {
    no: "G1013",
    name: "戴森球计划",
    desc: "在浩瀚宇宙中建造工厂、采集资源，最终打造一座环绕恒星的戴森球。",
    platform: "STEAM",
    art: "game",
    tags: ["国产", "独立游戏", "秒发"],
    label: "国产佳作",
    topicTags: ["模拟经营", "太空", "自动化"],
    specNames: ["版本"],
    specs: [leaf("标准版", 5800, 7000), leaf("标准版 + 原声集", 6800, 8800)],
  },
  {
    no: "G1014",
    name: "PUBG: 绝地求生 G-Coin",
    desc: "《绝地求生》官方游戏币，可购买通行证、皮肤与宝箱钥匙。",
    platform: "STEAM",
    art: "topup",
    tags: ["充值", "秒发"],
    label: "官方充值",
    topicTags: ["射击", "大逃杀"],
    specNames: ["面值"],
    specs: denoms([
      ["1000 + 50 G-Coin", 6400, 6800],
      ["2500 + 200 G-Coin", 16000, 16800],
      ["5000 + 500 G-Coin", 31800, 33800],
      ["10000 + 1300 G-Coin", 63600, 67800],
    ]),
  },

  // Nintendo
  {
    no: "G1015",
    name: "塞尔达传说 王国之泪",
    desc: "在海拉鲁的大地与天空之间自由探索，用「究极手」创造属于你的冒险。",
    platform: "NINTENDO",
    art: "game",
    tags: ["港服", "兑换码", "中文"],
    label: "神作",
    topicTags: ["开放世界", "动作冒险", "任天堂"],
    specNames: ["区服", "版本", "内容"],
    specs: grid(
      [ESHOP_HK, ESHOP_JP, ESHOP_US],
      [
        { value: "Switch 版", sale: 32800, origin: 39800 },
        { value: "Switch 2 版本", desc: "含画面与性能强化", sale: 37800, origin: 44800 },
      ],
      NSO_BUNDLE,
    ),
    intro: {
      about: "《塞尔达传说 王国之泪》的舞台不只是海拉鲁的大地，还扩展到了辽阔的天空。运用林克右臂的全新能力，自由组合物体，开拓前所未有的冒险方式。",
      highlights: ["「究极手」「余料建造」自由创造", "天空群岛与地底世界", "支持简体中文"],
    },
  },
  {
    no: "G1016",
    name: "马力欧卡丁车8 豪华版",
    desc: "全家同乐的经典竞速游戏，收录 96 条赛道与 40 多位角色。",
    platform: "NINTENDO",
    art: "game",
    tags: ["港服", "兑换码", "多人同乐"],
    label: "聚会必备",
    topicTags: ["竞速", "派对", "本地多人"],
    specNames: ["区服", "版本", "内容"],
    specs: grid(
      [ESHOP_HK, ESHOP_JP, { ...ESHOP_US, disabled: true }],
      [
        { value: "本体", sale: 29800, origin: 34800 },
        { value: "本体 + 新增赛道通行证", sale: 38800, origin: 44300 },
      ],
      NSO_BUNDLE,
    ),
    intro: {
      about: "《马力欧卡丁车8 豪华版》是系列最受欢迎的作品之一，支持最多 8 人本地联机与 12 人在线对战，新增赛道通行证后共有 96 条赛道。",
      highlights: ["96 条赛道，40 余位角色", "辅助驾驶，新手也能轻松上手", "支持在线与本地多人"],
    },
  },
  {
    no: "G1017",
    name: "任天堂 eShop 充值卡",
    desc: "Nintendo eShop 预付卡，为任天堂账户充值后购买游戏与追加内容。",
    platform: "NINTENDO",
    art: "card",
    tags: ["港服", "充值卡", "秒发"],
    label: "官方渠道",
    topicTags: ["充值卡", "任天堂"],
    regionRestricted: true,
    specNames: ["区服", "面值"],
    specs: [
      node(
        "港服",
        denoms([
          ["HK$100", 9400, 9600],
          ["HK$200", 18600, 19200],
          ["HK$500", 46500, 48000],
        ]),
        {
          desc: ESHOP_HK.desc,
        },
      ),
      node(
        "日服",
        denoms([
          ["¥1000", 4900, 5100],
          ["¥3000", 14500, 15300],
          ["¥5000", 24200, 25500],
        ]),
        {
          desc: ESHOP_JP.desc,
        },
      ),
      node(
        "美服",
        denoms([
          ["$10", 7500, 7600],
          ["$20", 14900, 15200],
          ["$50", 37200, 38000],
        ]),
        {
          desc: ESHOP_US.desc,
        },
      ),
    ],
  },
  {
    no: "G1018",
    name: "Nintendo Switch Online 会员",
    desc: "畅玩在线联机、云存档与经典游戏库，高级会员还可游玩扩充包内容。",
    platform: "NINTENDO",
    art: "membership",
    tags: ["会员", "兑换码", "秒发"],
    label: "会员",
    topicTags: ["在线服务", "云存档"],
    specNames: ["区服", "时长"],
    specs: [
      node(
        "港服",
        denoms([
          ["3 个月", 3500, 3800],
          ["12 个月", 9800, 10800],
          ["12 个月 家庭会员", 17500, 19000],
        ]),
        {
          desc: ESHOP_HK.desc,
        },
      ),
      node(
        "日服",
        [
          ...denoms([
            ["3 个月", 3200, 3500],
            ["12 个月", 9200, 9800],
          ]),
          leaf("高级会员 12 个月", 21500, 23500, { disabled: true, desc: "日服暂缺货" }),
        ],
        { desc: ESHOP_JP.desc },
      ),
    ],
  },
  {
    no: "G1019",
    name: "宝可梦 朱／紫",
    desc: "在帕底亚地区的开放世界中自由冒险，与伙伴宝可梦一起寻找宝藏。",
    platform: "NINTENDO",
    art: "game",
    tags: ["港服", "兑换码", "中文"],
    label: "热销",
    topicTags: ["角色扮演", "收集", "开放世界"],
    specNames: ["区服", "版本", "内容"],
    specs: grid(
      [ESHOP_HK, ESHOP_JP],
      [
        { value: "宝可梦 朱", sale: 31800, origin: 36800 },
        { value: "宝可梦 紫", sale: 31800, origin: 36800 },
        { value: "双重包", desc: "朱与紫两个版本", sale: 59800, origin: 73600 },
      ],
      [
        { value: "本体", extra: 0 },
        { value: "本体 + 零之秘宝", desc: "追加内容「碧之假面」「蓝之圆盘」", extra: 17800 },
      ],
    ),
  },
  {
    no: "G1020",
    name: "超级马力欧兄弟 惊奇",
    desc: "经典横版马力欧的全新冒险，吃下惊奇花，关卡会发生意想不到的变化。",
    platform: "NINTENDO",
    art: "game",
    tags: ["港服", "兑换码"],
    label: "全家欢",
    topicTags: ["平台跳跃", "多人同乐"],
    specNames: ["区服", "版本"],
    specs: grid(
      [ESHOP_HK, ESHOP_US],
      [
        { value: "Switch 版", sale: 29800, origin: 34800 },
        { value: "Switch 2 版本 + 相会！惊奇乐园", sale: 39800, origin: 45800 },
      ],
    ),
  },
  {
    no: "G1021",
    name: "集合啦！动物森友会",
    desc: "搬到无人岛，按自己的喜好打造家园，享受悠闲的慢生活。",
    platform: "NINTENDO",
    art: "game",
    tags: ["港服", "兑换码", "治愈"],
    label: "治愈",
    topicTags: ["模拟", "生活", "休闲"],
    specNames: ["区服", "版本"],
    specs: grid(
      [ESHOP_HK, ESHOP_JP],
      [
        { value: "本体", sale: 27800, origin: 34800 },
        { value: "本体 + 快乐家乐园", sale: 39800, origin: 47800 },
      ],
    ),
  },
  {
    no: "G1022",
    name: "星之卡比 探索发现",
    desc: "卡比首次在 3D 世界中冒险，吞下汽车、自动贩卖机，变身「塞满嘴」。",
    platform: "NINTENDO",
    art: "game",
    tags: ["港服", "兑换码"],
    label: "新品",
    topicTags: ["动作", "3D 平台"],
    regionRestricted: true,
    specNames: ["版本"],
    specs: [leaf("Switch 版", 28800, 34800), leaf("Switch 2 版本 + 星之乐园", 37800, 44800)],
  },

  // PlayStation
  {
    no: "G1023",
    name: "PlayStation Plus 会员",
    desc: "PS Plus 会员：在线联机、每月免费游戏，升级与高级会员畅玩数百款游戏。",
    platform: "PSN",
    art: "membership",
    tags: ["港服", "会员", "秒发"],
    label: "会员",
    topicTags: ["在线服务", "游戏库"],
    specNames: ["区服", "档次", "时长"],
    specs: [PSN_HK, PSN_JP, { value: "美服", desc: "需使用美国地区 PSN 账户", factor: 1.08 }].map((region) =>
      node(
        region.value,
        (
          [
            ["基础会员", 3900, 9900, 29800],
            ["升级会员", 6600, 17800, 47800],
            ["高级会员", 7900, 21500, 57800],
          ] as const
        ).map(([tier, m1, m3, m12]) =>
          node(
            tier,
            (
              [
                ["1 个月", m1],
                ["3 个月", m3],
                ["12 个月", m12],
              ] as const
            ).map(([months, price]) =>
              leaf(months, wholeYuan(price * region.factor * 0.92), wholeYuan(price * region.factor), {
                disabled: region.value === "美服" && tier === "高级会员" && months === "1 个月",
              }),
            ),
          ),
        ),
        { desc: region.desc },
      ),
    ),
    intro: {
      about: "PlayStation Plus 是 PlayStation 官方会员服务。基础会员提供在线联机与每月游戏，升级会员与高级会员可畅玩游戏目录中的数百款作品。",
      highlights: ["在线多人联机与云存档", "每月精选免费游戏", "高级会员享经典游戏与游戏试玩"],
    },
  },
  {
    no: "G1024",
    name: "PSN 点卡 港服",
    desc: "PlayStation Network 港服储值卡，为钱包充值购买游戏与追加内容。",
    platform: "PSN",
    art: "card",
    tags: ["港服", "点卡", "秒发"],
    label: "官方渠道",
    topicTags: ["充值卡", "PlayStation"],
    regionRestricted: true,
    specNames: ["面值"],
    specs: denoms([
      ["HK$100", 9200, 9500],
      ["HK$200", 18300, 19000],
      ["HK$300", 27400, 28500],
      ["HK$500", 45600, 47500],
      ["HK$1000", 91000, 95000],
    ]),
  },
  {
    no: "G1025",
    name: "战神：诸神黄昏",
    desc: "奎托斯与阿特柔斯踏遍九界，在诸神黄昏来临前寻找答案。",
    platform: "PSN",
    art: "game",
    tags: ["港服", "兑换码", "中文"],
    label: "口碑神作",
    topicTags: ["动作", "北欧神话", "剧情"],
    specNames: ["区服", "版本", "平台"],
    specs: grid(
      [PSN_HK, PSN_JP],
      [
        { value: "标准版", sale: 29800, origin: 49800 },
        { value: "数字豪华版", sale: 39800, origin: 59800 },
      ],
      PS_PLATFORMS,
    ),
  },
  {
    no: "G1026",
    name: "漫威蜘蛛侠2",
    desc: "彼得·帕克与迈尔斯·莫拉莱斯联手，在纽约对抗毒液与克莱文。",
    platform: "PSN",
    art: "game",
    tags: ["港服", "兑换码"],
    label: "热销",
    topicTags: ["动作", "开放世界", "超级英雄"],
    specNames: ["区服", "版本"],
    specs: grid(
      [PSN_HK, PSN_JP],
      [
        { value: "标准版", sale: 33800, origin: 49800 },
        { value: "数字豪华版", sale: 43800, origin: 59800 },
      ],
    ),
  },
  {
    no: "G1027",
    name: "最终幻想7 重生",
    desc: "重制三部曲第二部，克劳德一行离开米德加，踏上广阔世界。",
    platform: "PSN",
    art: "game",
    tags: ["港服", "兑换码", "中文"],
    label: "大作",
    topicTags: ["角色扮演", "剧情", "日式"],
    specNames: ["区服", "版本"],
    specs: grid(
      [PSN_HK, PSN_JP],
      [
        { value: "标准版", sale: 34800, origin: 49800 },
        { value: "数字豪华版", sale: 44800, origin: 59800 },
      ],
    ),
  },
  {
    no: "G1028",
    name: "漫威金刚狼",
    desc: "Insomniac Games 全新力作，化身金刚狼罗根，展开凶猛的近身战斗。",
    platform: "PSN",
    art: "game",
    tags: ["港服", "预售", "兑换码"],
    label: "预售",
    topicTags: ["动作", "超级英雄"],
    regionRestricted: true,
    presaleInDays: 12,
    specNames: ["区服", "版本"],
    specs: grid(
      [PSN_HK],
      [
        { value: "预购标准版", sale: 46800, origin: 49800 },
        { value: "预购数字豪华版", sale: 55800, origin: 59800 },
      ],
    ),
  },
  {
    no: "G1029",
    name: "宇宙机器人",
    desc: "跟随宇宙机器人穿越 50 多个星球，找回失散的伙伴。",
    platform: "PSN",
    art: "game",
    tags: ["港服", "兑换码", "年度游戏"],
    label: "年度游戏",
    topicTags: ["平台跳跃", "合家欢"],
    specNames: ["区服"],
    specs: [leaf("港服", 32800, 42800), leaf("日服", 30800, 39800)],
  },
  {
    no: "G1030",
    name: "PSN 点卡 美服",
    desc: "PlayStation Store 美服礼品卡，适用于美国地区 PSN 账户。",
    platform: "PSN",
    art: "card",
    tags: ["美服", "点卡", "秒发"],
    label: "官方渠道",
    topicTags: ["充值卡", "PlayStation"],
    regionRestricted: true,
    specNames: ["面值"],
    specs: denoms([
      ["$10", 7400, 7600],
      ["$25", 18300, 19000],
      ["$50", 36500, 38000],
      ["$100", 72900, 76000],
    ]),
  },

  // Xbox
  {
    no: "G1031",
    name: "Xbox Game Pass Ultimate",
    desc: "XGPU 终极会员：主机与 PC 畅玩数百款游戏，首发大作当日入库，含 EA Play。",
    platform: "XBOX",
    art: "membership",
    tags: ["会员", "兑换码", "秒发"],
    label: "会员",
    topicTags: ["游戏库", "云游戏", "EA Play"],
    specNames: ["区域", "时长"],
    specs: [
      node(
        "美区",
        denoms([
          ["1 个月", 12800, 14500],
          ["3 个月", 37500, 43500],
        ]),
        { desc: "需使用美国地区 Microsoft 账户" },
      ),
      node("港区", [...denoms([["1 个月", 11800, 13200]]), leaf("3 个月", 34800, 39600, { disabled: true, desc: "补货中" })], {
        desc: "需使用中国香港地区 Microsoft 账户",
      }),
    ],
    intro: {
      about: "Xbox Game Pass Ultimate 包含主机版与 PC 版 Game Pass、EA Play 以及云游戏，Xbox 第一方新作首发当日即可游玩。",
      highlights: ["数百款高品质游戏随心玩", "第一方大作首发入库", "包含 EA Play 与云游戏"],
    },
  },
  {
    no: "G1032",
    name: "Xbox 礼品卡",
    desc: "Microsoft 账户充值卡，可在 Xbox 与 Microsoft Store 购买游戏、应用与订阅。",
    platform: "XBOX",
    art: "card",
    tags: ["美区", "充值卡", "秒发"],
    label: "官方渠道",
    topicTags: ["充值卡", "Microsoft"],
    regionRestricted: true,
    specNames: ["区域", "面值"],
    specs: [
      node(
        "美区",
        denoms([
          ["$15", 11000, 11400],
          ["$25", 18200, 19000],
          ["$50", 36300, 38000],
        ]),
        {
          desc: "需使用美国地区 Microsoft 账户",
        },
      ),
      node(
        "港区",
        denoms([
          ["HK$100", 9200, 9500],
          ["HK$200", 18300, 19000],
        ]),
        {
          desc: "需使用中国香港地区 Microsoft 账户",
        },
      ),
    ],
  },
  {
    no: "G1033",
    name: "极限竞速：地平线5",
    desc: "在绚丽多彩的墨西哥开放世界中驾驶数百辆世界名车，尽情驰骋。",
    platform: "XBOX",
    art: "game",
    tags: ["全球", "兑换码", "Xbox/PC"],
    label: "畅销",
    topicTags: ["竞速", "开放世界"],
    specNames: ["区域", "版本", "内容"],
    specs: grid(
      [
        { value: "全球", desc: "Xbox 与 Windows PC 通用", factor: 1 },
        { value: "美区", desc: "需使用美国地区 Microsoft 账户", factor: 0.95 },
      ],
      [
        { value: "标准版", sale: 18800, origin: 34800 },
        { value: "高级版", sale: 31800, origin: 57800 },
      ],
      [
        { value: "本体", extra: 0 },
        { value: "本体 + 风火轮扩展", extra: 6800 },
      ],
    ),
  },
  {
    no: "G1034",
    name: "星空",
    desc: "Bethesda 首个全新宇宙 IP，驾驶飞船探索银河系中的上千颗星球。",
    platform: "XBOX",
    art: "game",
    tags: ["全球", "兑换码", "Xbox/PC"],
    label: "太空史诗",
    topicTags: ["角色扮演", "太空", "开放世界"],
    specNames: ["区域", "版本"],
    specs: grid(
      [{ value: "全球", desc: "Xbox 与 Windows PC 通用", factor: 1 }],
      [
        { value: "标准版", sale: 21800, origin: 43800 },
        { value: "高级版", sale: 32800, origin: 61800 },
      ],
    ),
  },
  {
    no: "G1035",
    name: "光环：士官长合集",
    desc: "收录《光环》系列六部经典作品，支持 4K 画质与跨平台联机。",
    platform: "XBOX",
    art: "game",
    tags: ["全球", "兑换码"],
    label: "经典",
    topicTags: ["射击", "科幻", "合集"],
    specNames: ["版本"],
    specs: [leaf("标准版", 9800, 14800)],
  },

  // Mobile top-ups
  {
    no: "G1036",
    name: "原神 创世结晶",
    desc: "《原神》官方充值，创世结晶可兑换原石，购买纪行与礼包。",
    platform: "MOBILE",
    art: "topup",
    tags: ["官服", "充值", "秒到账"],
    label: "官方充值",
    topicTags: ["开放世界", "二次元", "米哈游"],
    regionRestricted: true,
    redemptionUrl: "https://ys.mihoyo.com",
    specNames: ["服务器", "面值"],
    specs: [
      node(
        "天空岛（官服）",
        [
          ...denoms([
            ["60 创世结晶", 580, 600],
            ["300 + 30 创世结晶", 2900, 3000],
            ["980 + 110 创世结晶", 9500, 9800],
            ["1980 + 260 创世结晶", 19200, 19800],
            ["3280 + 600 创世结晶", 31800, 32800],
          ]),
          leaf("6480 + 1600 创世结晶", 62800, 64800, { stock: 0 }),
          leaf("空月祝福", 2900, 3000, { desc: "30 天内每日领取 90 原石" }),
        ],
        { desc: "适用于官方服务器（米哈游通行证）" },
      ),
      node(
        "世界树（B服）",
        denoms([
          ["60 创世结晶", 590, 600],
          ["300 + 30 创世结晶", 2950, 3000],
        ]),
        {
          disabled: true,
          desc: "B 服暂不支持兑换码充值",
        },
      ),
    ],
    intro: {
      about: "《原神》官方充值兑换码，兑换后创世结晶直接到账，可用于兑换原石、购买「空月祝福」与「纪行」。",
      highlights: ["官方渠道，安全可靠", "首充双倍依旧有效", "秒发兑换码，随买随充"],
    },
  },
  {
    no: "G1037",
    name: "崩坏：星穹铁道 古老梦华",
    desc: "《崩坏：星穹铁道》官方充值，古老梦华可兑换星琼。",
    platform: "MOBILE",
    art: "topup",
    tags: ["官服", "充值", "秒到账"],
    label: "官方充值",
    topicTags: ["回合制", "科幻", "米哈游"],
    redemptionUrl: "https://sr.mihoyo.com",
    specNames: ["服务器", "面值"],
    specs: [
      node(
        "星穹列车（官服）",
        denoms([
          ["60 古老梦华", 580, 600],
          ["300 + 30 古老梦华", 2900, 3000],
          ["980 + 110 古老梦华", 9500, 9800],
          ["1980 + 260 古老梦华", 19200, 19800],
          ["列车补给凭证", 2900, 3000],
        ]),
      ),
      node(
        "无名客（B服）",
        denoms([
          ["60 古老梦华", 590, 600],
          ["980 + 110 古老梦华", 9600, 9800],
        ]),
      ),
    ],
  },
  {
    no: "G1038",
    name: "王者荣耀 点券",
    desc: "《王者荣耀》点券充值，可购买英雄、皮肤与战令。",
    platform: "MOBILE",
    art: "topup",
    tags: ["国服", "充值", "秒到账"],
    label: "热门",
    topicTags: ["MOBA", "腾讯"],
    regionRestricted: true,
    specNames: ["区服", "面值"],
    specs: ["安卓 QQ 区", "安卓微信区", "iOS QQ 区", "iOS 微信区"].map((zone) =>
      node(
        zone,
        denoms([
          ["60 点券", 590, 600],
          ["300 点券", 2950, 3000],
          ["680 点券", 6700, 6800],
          ["1280 点券", 12600, 12800],
          ["3280 点券", 32200, 32800],
          ["6480 点券", 63600, 64800],
        ]),
      ),
    ),
  },
  {
    no: "G1039",
    name: "和平精英 UC",
    desc: "《和平精英》UC 充值，用于购买特训精英手册与精美服饰。",
    platform: "MOBILE",
    art: "topup",
    tags: ["充值", "秒到账"],
    label: "热门",
    topicTags: ["射击", "腾讯"],
    specNames: ["面值"],
    specs: denoms([
      ["60 UC", 590, 600],
      ["300 UC", 2950, 3000],
      ["680 UC", 6700, 6800],
      ["1800 UC", 17700, 18000],
      ["3880 UC", 38200, 38800],
      ["8100 UC", 79800, 81000],
    ]),
  },
  {
    no: "G1040",
    name: "英雄联盟手游 点券",
    desc: "《英雄联盟手游》点券充值，解锁英雄、皮肤与通行证。",
    platform: "MOBILE",
    art: "topup",
    tags: ["国服", "充值"],
    label: "官方充值",
    topicTags: ["MOBA", "腾讯"],
    specNames: ["区服", "面值"],
    specs: ["QQ 区", "微信区"].map((zone) =>
      node(
        zone,
        denoms([
          ["60 点券", 590, 600],
          ["330 点券", 2950, 3000],
          ["1090 点券", 9700, 9800],
          ["2180 点券", 19500, 19800],
        ]),
      ),
    ),
  },
  {
    no: "G1041",
    name: "明日方舟 源石",
    desc: "《明日方舟》官方充值，源石可兑换合成玉与时装。",
    platform: "MOBILE",
    art: "topup",
    tags: ["官服", "充值"],
    label: "官方充值",
    topicTags: ["塔防", "二次元"],
    redemptionUrl: "https://ak.hypergryph.com",
    specNames: ["面值"],
    specs: denoms([
      ["1 源石", 580, 600],
      ["7 源石", 2950, 3000],
      ["23 源石", 9500, 9800],
      ["50 源石", 19300, 19800],
      ["月卡", 2900, 3000],
    ]),
  },
  {
    no: "G1042",
    name: "蛋仔派对 蛋币",
    desc: "《蛋仔派对》蛋币充值，购买盲盒、皮肤与蛋仔通行证。",
    platform: "MOBILE",
    art: "topup",
    tags: ["充值", "秒到账"],
    label: "人气",
    topicTags: ["派对", "休闲", "网易"],
    redemptionUrl: "https://pay.163.com",
    specNames: ["面值"],
    specs: denoms([
      ["60 蛋币", 590, 600],
      ["300 蛋币", 2950, 3000],
      ["980 蛋币", 9700, 9800],
      ["1980 蛋币", 19500, 19800],
    ]),
  },
  {
    no: "G1043",
    name: "金铲铲之战 金铲铲币",
    desc: "《金铲铲之战》官方充值，购买小小英雄、竞技场皮肤与通行证。",
    platform: "MOBILE",
    art: "topup",
    tags: ["国服", "充值"],
    label: "官方充值",
    topicTags: ["自走棋", "腾讯"],
    specNames: ["面值"],
    specs: denoms([
      ["60 金铲铲币", 590, 600],
      ["300 金铲铲币", 2950, 3000],
      ["680 金铲铲币", 6700, 6800],
      ["1280 金铲铲币", 12600, 12800],
    ]),
  },

  // Gift cards
  {
    no: "G1044",
    name: "App Store 充值卡",
    desc: "Apple 礼品卡，可用于 App Store 应用内购买、iCloud+ 与 Apple Music 等订阅。",
    platform: "GIFT_CARD",
    art: "card",
    tags: ["美区", "礼品卡", "秒发"],
    label: "官方渠道",
    topicTags: ["礼品卡", "Apple"],
    regionRestricted: true,
    redemptionUrl: "https://apps.apple.com/redeem",
    specNames: ["区域", "卡种", "面值"],
    specs: [
      node(
        "美区",
        ["数字充值卡", "礼品卡（可赠送）"].map((kind) =>
          node(
            kind,
            denoms([
              ["$10", 7400, 7600],
              ["$25", 18400, 19000],
              ["$50", 36600, 38000],
              ["$100", 73000, 76000],
            ]),
          ),
        ),
        { desc: "需使用美国地区 Apple 账户" },
      ),
      node(
        "港区",
        ["数字充值卡", "礼品卡（可赠送）"].map((kind) =>
          node(
            kind,
            denoms([
              ["HK$100", 9300, 9500],
              ["HK$300", 27800, 28500],
              ["HK$500", 46300, 47500],
            ]),
          ),
        ),
        { desc: "需使用中国香港地区 Apple 账户" },
      ),
      node(
        "日区",
        [
          node(
            "数字充值卡",
            denoms([
              ["¥1500", 7200, 7700],
              ["¥3000", 14400, 15300],
            ]),
          ),
          node("礼品卡（可赠送）", denoms([["¥1500", 7200, 7700]]), { disabled: true, desc: "暂停销售" }),
        ],
        { desc: "需使用日本地区 Apple 账户" },
      ),
    ],
    intro: {
      about: "Apple 礼品卡可为 Apple 账户充值，余额可用于 App Store 游戏内购、应用与订阅服务（iCloud+、Apple Music、Apple Arcade 等）。",
      highlights: ["官方正规卡密", "美区、港区、日区可选", "支持游戏内购买与订阅"],
    },
  },
  {
    no: "G1045",
    name: "Google Play 礼品卡",
    desc: "Google Play 充值码，可购买安卓应用、游戏内道具与订阅。",
    platform: "GIFT_CARD",
    art: "card",
    tags: ["美区", "礼品卡", "秒发"],
    label: "官方渠道",
    topicTags: ["礼品卡", "Google"],
    regionRestricted: true,
    redemptionUrl: "https://play.google.com/redeem",
    specNames: ["区域", "卡种", "面值"],
    specs: [
      node(
        "美区",
        ["数字充值码", "礼品卡（可赠送）"].map((kind) =>
          node(
            kind,
            denoms([
              ["$10", 7500, 7600],
              ["$25", 18500, 19000],
              ["$50", 36800, 38000],
            ]),
          ),
        ),
        { desc: "需使用美国地区 Google 账户" },
      ),
      node(
        "港区",
        ["数字充值码", "礼品卡（可赠送）"].map((kind) =>
          node(
            kind,
            denoms([
              ["HK$100", 9300, 9500],
              ["HK$200", 18500, 19000],
            ]),
          ),
        ),
        { desc: "需使用中国香港地区 Google 账户" },
      ),
      node(
        "日区",
        [
          node(
            "数字充值码",
            denoms([
              ["¥1500", 7300, 7700],
              ["¥3000", 14500, 15300],
            ]),
          ),
        ],
        {
          desc: "需使用日本地区 Google 账户",
        },
      ),
    ],
  },
  {
    no: "G1046",
    name: "暴雪战网点卡",
    desc: "Battle.net 余额充值，可购买《魔兽世界》《暗黑破坏神IV》等暴雪游戏与服务。",
    platform: "GIFT_CARD",
    art: "card",
    tags: ["国服", "点卡", "秒发"],
    label: "官方渠道",
    topicTags: ["充值卡", "暴雪"],
    redemptionUrl: "https://account.battle.net/codes",
    specNames: ["区域", "面值"],
    specs: [
      node(
        "国服",
        denoms([
          ["￥30", 2950, 3000],
          ["￥100", 9800, 10000],
          ["￥200", 19500, 20000],
        ]),
        {
          desc: "适用于网易暴雪国服战网账户",
        },
      ),
      node(
        "美服",
        denoms([
          ["$20", 14800, 15200],
          ["$50", 36900, 38000],
        ]),
        { desc: "适用于美服战网账户" },
      ),
    ],
  },
  {
    no: "G1047",
    name: "Roblox 礼品卡",
    desc: "Roblox 官方礼品卡，兑换 Robux 或 Roblox Premium 会员。",
    platform: "GIFT_CARD",
    art: "card",
    tags: ["全球", "礼品卡"],
    label: "人气",
    topicTags: ["礼品卡", "沙盒"],
    redemptionUrl: "https://www.roblox.com/redeem",
    specNames: ["区域", "面值"],
    specs: [
      node(
        "全球",
        denoms([
          ["800 Robux", 7400, 7600],
          ["2000 Robux", 18400, 19000],
          ["4500 Robux", 36600, 38000],
        ]),
        {
          desc: "任意地区 Roblox 账户可兑换",
        },
      ),
    ],
  },
  {
    no: "G1048",
    name: "雷蛇 Razer Gold 礼品卡",
    desc: "Razer Gold 通用游戏钱包，支持上千款游戏与平台充值。",
    platform: "GIFT_CARD",
    art: "card",
    tags: ["全球", "礼品卡", "秒发"],
    label: "通用",
    topicTags: ["充值卡", "游戏钱包"],
    redemptionUrl: "https://gold.razer.com",
    specNames: ["面值"],
    specs: denoms([
      ["$10", 7400, 7600],
      ["$20", 14700, 15200],
      ["$50", 36700, 38000],
      ["$100", 73200, 76000],
    ]),
  },
  // issue 37: two games shoppers search for by their common names (GTA5, 我的世界)
  {
    no: "G1049",
    name: "侠盗猎车手5",
    desc: "Rockstar Games 的开放世界犯罪史诗，在洛圣都体验三位主角交织的故事与线上模式。",
    platform: "STEAM",
    art: "game",
    tags: ["国区", "激活码"],
    label: "经典",
    topicTags: ["开放世界", "动作", "多人"],
    specNames: ["区域", "版本"],
    specs: grid(
      [CN, HK],
      [
        { value: "增强版", sale: 6900, origin: 13900 },
        { value: "增强版 + 鲨鱼现金卡", desc: "附赠线上模式游戏币", sale: 12900, origin: 19900 },
      ],
    ),
  },
  {
    no: "G1050",
    name: "我的世界：Java 版与基岩版",
    desc: "自由建造与冒险的沙盒游戏，一份兑换码同时获得 Windows 电脑上的 Java 版与基岩版。",
    platform: "XBOX",
    art: "game",
    tags: ["全球", "兑换码", "PC"],
    label: "沙盒",
    topicTags: ["沙盒", "建造", "多人"],
    specNames: ["版本"],
    specs: [leaf("标准版", 11900, 16500), leaf("豪华收藏版", 17900, 22900)],
  },
];

// ─── home page artwork and layout ────────────────────────────────────────

export interface BannerDef {
  goodsNo: string;
  title: string;
  desc: string;
  /** The short call to action drawn on the image. */
  cta: string;
}

export const BANNERS: BannerDef[] = [
  { goodsNo: "G1001", title: "踏上西游之路", desc: "黑神话：悟空 国区激活码 限时 85 折", cta: "立即抢购" },
  { goodsNo: "G1015", title: "天空与大地的冒险", desc: "塞尔达传说 王国之泪 港服兑换码直降 70 元", cta: "立即购买" },
  { goodsNo: "G1023", title: "PS Plus 会员季", desc: "基础 / 升级 / 高级会员 全档 92 折", cta: "马上开通" },
  { goodsNo: "G1006", title: "黑神话新篇 预售开启", desc: "黑神话：钟馗 预购即享限定外观", cta: "立即预购" },
  { goodsNo: "G1036", title: "充值享好礼", desc: "原神 创世结晶 官方渠道 秒到账", cta: "立即充值" },
];

export interface StripDef {
  title: string;
  desc: string;
  /** Goods whose art is drawn on the strip, if any. */
  goodsNos: string[];
  icon: "flame" | "ticket" | "key" | "shield" | "clock";
}

/** 1200×300 single-row images. */
export const SINGLE_ROWS: StripDef[] = [
  { title: "限时特惠", desc: "荒野大镖客：救赎2 史低 3.6 折 · 倒计时结束恢复原价", goodsNos: ["G1009", "G1003", "G1001"], icon: "clock" },
  { title: "预售专区", desc: "提前锁定年度大作，发售当日自动发货", goodsNos: ["G1006", "G1007", "G1028"], icon: "flame" },
];

/** 1200×200 single-image (horizontal) banners. */
export const HORIZ_BANNERS: StripDef[] = [
  { title: "领券中心", desc: "新人立领 10 元无门槛券 · 满减券天天领", goodsNos: [], icon: "ticket" },
  { title: "热销游戏榜", desc: "本周最受欢迎的游戏与充值，一站购齐", goodsNos: ["G1004", "G1012"], icon: "flame" },
  { title: "Steam 激活教程", desc: "三步完成激活：登录 → 激活产品 → 输入兑换码", goodsNos: [], icon: "key" },
  { title: "正版授权 · 自动发货", desc: "官方渠道进货，兑换失败全额退款，7×24 小时客服", goodsNos: [], icon: "shield" },
];

export interface AdvertDef {
  title: string;
  desc: string;
  cta: string;
  goodsNo: string;
}

/** 480×640 popup advert images. */
export const ADVERTS: AdvertDef[] = [
  { title: "新人专享", desc: "注册即送 10 元无门槛券", cta: "立即领取", goodsNo: "G1005" },
  { title: "今日特价", desc: "博德之门3 限时 8 折", cta: "去看看", goodsNo: "G1004" },
  { title: "会员狂欢", desc: "XGPU 终极会员低至 88 折", cta: "马上开通", goodsNo: "G1031" },
];

export interface ItemDef {
  goodsNo?: string;
  /** TEXT.value (title override) and TEXT.desc. */
  text?: string;
  textDesc?: string;
  /** IMG.value: a media path relative to the media directory. */
  image?: string;
  thumb?: string;
  link?: string;
  jump: LinkType;
}

export interface CountDownDef {
  /** Hours from now until the countdown ends. */
  endsInHours: number;
  fontColor: string;
  background: string;
}

export interface BlockDef {
  pageType: "HOME" | "HOT_SEARCH" | "PRODUCT_DETAIL" | "ORDER_DETAIL";
  name: string;
  styleType: string;
  countDown?: CountDownDef;
  tilingNum?: number;
  items: ItemDef[];
}

const goodsItems = (goodsNos: string[]): ItemDef[] => goodsNos.map((goodsNo) => ({ goodsNo, jump: "GOODS_DETAIL" }));

const HOT_GAMES = ["G1001", "G1004", "G1012", "G1015", "G1009", "G1002", "G1016", "G1026", "G1033", "G1036"];

export const BLOCKS: BlockDef[] = [
  {
    pageType: "HOME",
    name: "首页轮播",
    styleType: "BANNER",
    items: BANNERS.map((b, i) => ({
      goodsNo: b.goodsNo,
      text: b.title,
      textDesc: b.desc,
      image: `banners/banner-${i + 1}.svg`,
      thumb: `goods/${b.goodsNo}/side.svg`,
      jump: "GOODS_DETAIL",
    })),
  },
  {
    pageType: "HOME",
    name: "限时特惠",
    styleType: "SINGLE_ROW",
    countDown: { endsInHours: 47, fontColor: "#FFFFFF", background: "#FF6200" },
    items: [{ goodsNo: "G1009", image: "blocks/single-row-1.svg", jump: "GOODS_DETAIL" }],
  },
  {
    pageType: "HOME",
    name: "领券中心",
    styleType: "HORIZ_BANNER",
    items: [{ image: "blocks/horiz-1.svg", link: "/coupon-collection", jump: "INTERNAL_WEB" }],
  },
  {
    pageType: "HOME",
    name: "热门新品",
    styleType: "SIDE_SLIP",
    items: goodsItems(["G1012", "G1011", "G1008", "G1022", "G1020", "G1029", "G1027", "G1034"]),
  },
  {
    pageType: "HOME",
    name: "周末特惠",
    styleType: "SIDE_SLIP",
    countDown: { endsInHours: 70, fontColor: "#FFFFFF", background: "#2C2C2C" },
    items: [
      ...goodsItems(["G1003", "G1009", "G1010", "G1025", "G1033"]),
      { goodsNo: "G1019", text: "宝可梦 朱／紫 双版本特惠", jump: "GOODS_DETAIL" },
      { goodsNo: "G1021", image: "goods/G1021/cover-2.svg", jump: "GOODS_DETAIL" },
    ],
  },
  {
    pageType: "HOME",
    name: "本周热销",
    styleType: "COLUMN_TILING",
    tilingNum: 5,
    items: goodsItems(["G1001", "G1004", "G1015", "G1002", "G1023", "G1012", "G1016", "G1026", "G1031", "G1036"]),
  },
  {
    pageType: "HOME",
    name: "热销游戏榜",
    styleType: "HORIZ_BANNER",
    items: [{ image: "blocks/horiz-2.svg", link: "/recommend/PRODUCT_DETAIL/热销游戏", jump: "PAGE_REDIRECT" }],
  },
  {
    pageType: "HOME",
    name: "预售专区",
    styleType: "SINGLE_ROW",
    items: [{ goodsNo: "G1006", image: "blocks/single-row-2.svg", jump: "GOODS_DETAIL" }],
  },
  {
    pageType: "HOME",
    name: "充值卡与会员",
    styleType: "COLUMN_TILING",
    tilingNum: 4,
    items: goodsItems(["G1005", "G1017", "G1024", "G1032", "G1044", "G1045", "G1018", "G1038"]),
  },
  {
    pageType: "HOME",
    name: "激活教程",
    styleType: "HORIZ_BANNER",
    items: [
      {
        image: "blocks/horiz-3.svg",
        link: "https://help.steampowered.com/zh-cn/",
        jump: "EXTERNAL_WEB",
      },
    ],
  },
  {
    pageType: "HOME",
    name: "手游充值",
    styleType: "COLUMN_TILING",
    tilingNum: 5,
    items: goodsItems(["G1036", "G1037", "G1038", "G1039", "G1040", "G1041", "G1042", "G1043", "G1014", "G1046"]),
  },
  {
    pageType: "HOME",
    name: "正版保障",
    styleType: "HORIZ_BANNER",
    items: [{ image: "blocks/horiz-4.svg", jump: "NO_REDIRECT" }],
  },
  // Not rendered by the home page: an unknown-to-home style and an empty block.
  {
    pageType: "HOME",
    name: "橱窗推荐",
    styleType: "WINDOW",
    items: goodsItems(["G1013", "G1035", "G1047"]),
  },
  { pageType: "HOME", name: "即将上线", styleType: "SIDE_SLIP", items: [] },
  {
    pageType: "HOT_SEARCH",
    name: "热门搜索",
    styleType: "HOT_SEARCH",
    items: [
      { goodsNo: "G1001", jump: "GOODS_DETAIL" },
      { goodsNo: "G1015", text: "塞尔达 王国之泪", jump: "GOODS_DETAIL" },
      { goodsNo: "G1036", text: "原神充值", jump: "GOODS_DETAIL" },
      { goodsNo: "G1005", jump: "GOODS_DETAIL" },
      { goodsNo: "G1023", text: "PS Plus 会员", jump: "GOODS_DETAIL" },
      { goodsNo: "G1004", jump: "GOODS_DETAIL" },
      { goodsNo: "G1031", text: "XGPU", jump: "GOODS_DETAIL" },
      { goodsNo: "G1038", jump: "GOODS_DETAIL" },
    ],
  },
  { pageType: "PRODUCT_DETAIL", name: "热销游戏", styleType: "RECOMMEND", items: goodsItems(HOT_GAMES) },
  {
    pageType: "ORDER_DETAIL",
    name: "热销游戏",
    styleType: "RECOMMEND",
    items: goodsItems(["G1004", "G1001", "G1015", "G1023", "G1012", "G1005", "G1031", "G1036", "G1019", "G1003"]),
  },
];

export interface PopupDef {
  popPeriod: "EVERY_TIMES" | "EVERY_DAY" | "EVERY_USER";
  image: string;
  jump: LinkType;
  goodsNo?: string;
  link?: string;
}

/**
 * Listed in display priority (sort). The storefront shows only the first entry (spec/01 §7): the
 * daily advert, once a shop day to everyone; the other two are there for the other frequencies (spec/03 §9).
 */
export const POPUPS: PopupDef[] = [
  { popPeriod: "EVERY_DAY", image: "adverts/advert-2.svg", jump: "GOODS_DETAIL", goodsNo: "G1004" },
  { popPeriod: "EVERY_TIMES", image: "adverts/advert-3.svg", jump: "GOODS_DETAIL", goodsNo: "G1031" },
  { popPeriod: "EVERY_USER", image: "adverts/advert-1.svg", jump: "INTERNAL_WEB", link: "/coupon-collection" },
];

// ─── promotions ──────────────────────────────────────────────────────────

export interface ActivityDef {
  no: string;
  type: "SALE_OFF" | "DISCOUNT";
  name: string;
  mainTitle: string;
  subTitle: string;
  displayName: string;
  displayUse: string;
  displayGet: string;
  jumpUrl: string;
  amountOff?: number;
  discountPercent?: number;
  maxDiscount?: number;
  threshold: number;
  /** FIXED: valid from/to in days relative to now; DAYS: valid for N days after the claim. */
  validity: { mode: "FIXED"; fromDays: number; toDays: number } | { mode: "DAYS"; days: number };
  /** Unclaimed stock: total_stock = claimed_count (the seeded coupons) + stockLeft. */
  stockLeft: number;
  perMemberLimit: number;
  goodsScope: string[];
  autoGrant?: boolean;
  /** Claim window in days relative to now (open-ended when absent). */
  claimWindow?: { fromDays: number; toDays: number };
}

const STEAM_GAMES = ["G1001", "G1002", "G1003", "G1004"];
const NINTENDO_GOODS = GOODS.filter((g) => g.platform === "NINTENDO").map((g) => g.no);
const MOBILE_GOODS = GOODS.filter((g) => g.platform === "MOBILE").map((g) => g.no);

export const ACTIVITIES: ActivityDef[] = [
  {
    no: "ACT001",
    type: "SALE_OFF",
    name: "新人礼 10 元券",
    mainTitle: "新人专享券",
    subTitle: "全场通用，新用户自动发放",
    displayName: "￥10",
    displayUse: "满50元可用",
    displayGet: "新用户自动发放",
    jumpUrl: "",
    amountOff: 1000,
    threshold: 5000,
    validity: { mode: "DAYS", days: 7 },
    stockLeft: 99990,
    perMemberLimit: 1,
    goodsScope: [],
    autoGrant: true,
  },
  {
    no: "ACT002",
    type: "SALE_OFF",
    name: "满100减10",
    mainTitle: "全场满减券",
    subTitle: "游戏、充值卡通用",
    displayName: "￥10",
    displayUse: "满100元可用",
    displayGet: "每人限领2张",
    jumpUrl: "",
    amountOff: 1000,
    threshold: 10000,
    validity: { mode: "FIXED", fromDays: -3, toDays: 30 },
    stockLeft: 4800,
    perMemberLimit: 2,
    goodsScope: [],
  },
  {
    no: "ACT003",
    type: "DISCOUNT",
    name: "全场9折券",
    mainTitle: "全场 9 折",
    subTitle: "最高可减 30 元",
    displayName: "9折",
    displayUse: "无门槛",
    displayGet: "每人限领1张",
    jumpUrl: "",
    discountPercent: 10,
    maxDiscount: 3000,
    threshold: 0,
    validity: { mode: "DAYS", days: 15 },
    stockLeft: 1999,
    perMemberLimit: 1,
    goodsScope: [],
  },
  {
    no: "ACT004",
    type: "SALE_OFF",
    name: "满300减40",
    mainTitle: "大额满减券",
    subTitle: "限量发放，先到先得",
    displayName: "￥40",
    displayUse: "满300元可用",
    displayGet: "每人限领1张",
    jumpUrl: "",
    amountOff: 4000,
    threshold: 30000,
    validity: { mode: "FIXED", fromDays: -1, toDays: 14 },
    stockLeft: 1,
    perMemberLimit: 1,
    goodsScope: [],
  },
  {
    no: "ACT005",
    type: "DISCOUNT",
    name: "Steam 大作85折券",
    mainTitle: "Steam 大作专享",
    subTitle: "限指定游戏使用，最高减 50 元",
    displayName: "8.5折",
    displayUse: "满150元可用",
    displayGet: "每人限领1张",
    jumpUrl: "/topic/G1001",
    discountPercent: 15,
    maxDiscount: 5000,
    threshold: 15000,
    validity: { mode: "FIXED", fromDays: -2, toDays: 20 },
    stockLeft: 800,
    perMemberLimit: 1,
    goodsScope: STEAM_GAMES,
  },
  {
    no: "ACT006",
    type: "SALE_OFF",
    name: "任天堂满200减25",
    mainTitle: "任天堂专区券",
    subTitle: "Nintendo eShop 商品可用",
    displayName: "￥25",
    displayUse: "满200元可用",
    displayGet: "每人限领1张",
    jumpUrl: "/topic/G1015",
    amountOff: 2500,
    threshold: 20000,
    validity: { mode: "DAYS", days: 30 },
    stockLeft: 600,
    perMemberLimit: 1,
    goodsScope: NINTENDO_GOODS,
  },
  {
    no: "ACT007",
    type: "DISCOUNT",
    name: "手游充值95折券",
    mainTitle: "手游充值折扣",
    subTitle: "手游充值通用，最高减 10 元",
    displayName: "9.5折",
    displayUse: "满30元可用",
    displayGet: "每人限领3张",
    jumpUrl: "/topic/G1036",
    discountPercent: 5,
    maxDiscount: 1000,
    threshold: 3000,
    validity: { mode: "DAYS", days: 10 },
    stockLeft: 3000,
    perMemberLimit: 3,
    goodsScope: MOBILE_GOODS,
  },
  {
    no: "ACT008",
    type: "SALE_OFF",
    name: "满30减3",
    mainTitle: "小额满减券",
    subTitle: "充值、点卡都能用",
    displayName: "￥3",
    displayUse: "满30元可用",
    displayGet: "每人限领3张",
    jumpUrl: "",
    amountOff: 300,
    threshold: 3000,
    validity: { mode: "DAYS", days: 3 },
    stockLeft: 5000,
    perMemberLimit: 3,
    goodsScope: [],
  },
  {
    no: "ACT009",
    type: "SALE_OFF",
    name: "双十一满200减30",
    mainTitle: "双十一狂欢券",
    subTitle: "活动已结束",
    displayName: "￥30",
    displayUse: "满200元可用",
    displayGet: "每人限领1张",
    jumpUrl: "",
    amountOff: 3000,
    threshold: 20000,
    validity: { mode: "FIXED", fromDays: -14, toDays: -8 },
    stockLeft: 0,
    perMemberLimit: 1,
    goodsScope: [],
    claimWindow: { fromDays: -14, toDays: -8 },
  },
];

// ─── demo members, their coupons and orders ─────────────────────────────

export interface MemberDef {
  mobile: string;
  name: string;
  email: string | null;
  /** 16 bytes: the fixed scrypt salt that keeps the seed deterministic. */
  salt: string;
  /** Days ago the account was created. */
  joinedDaysAgo: number;
  autoCouponsGranted: boolean;
}

export const DEMO_PASSWORD = "demo123456";

export const MEMBERS: MemberDef[] = [
  {
    mobile: "+86-13800138000",
    name: "玩家8000",
    email: "player8000@example.com",
    salt: "seed-member-0001",
    joinedDaysAgo: 120,
    autoCouponsGranted: true,
  },
  {
    mobile: "+86-13900139000",
    name: "玩家9000",
    email: null,
    salt: "seed-member-0002",
    joinedDaysAgo: 45,
    autoCouponsGranted: false,
  },
];

export type CouponStatus = "UNUSED" | "LOCKED" | "USED" | "INVALID";

export interface MemberCouponDef {
  key: string;
  /** 1-based index into MEMBERS. */
  member: 1 | 2;
  activityNo: string;
  status: CouponStatus;
  /**
   * When the claim happened. For DAYS activities this fixes the end; "endsToday" and
   * "endsInDays" instead choose the end and derive the claim time.
   */
  claimedDaysAgo?: number;
  endsToday?: boolean;
  endsInDays?: number;
}

export const MEMBER_COUPONS: MemberCouponDef[] = [
  { key: "welcome", member: 1, activityNo: "ACT001", status: "UNUSED", claimedDaysAgo: 1 },
  { key: "fullcut-a", member: 1, activityNo: "ACT002", status: "UNUSED", claimedDaysAgo: 2 },
  { key: "fullcut-b", member: 1, activityNo: "ACT002", status: "LOCKED", claimedDaysAgo: 2 },
  { key: "discount", member: 1, activityNo: "ACT003", status: "UNUSED", endsInDays: 2 },
  { key: "small-today", member: 1, activityNo: "ACT008", status: "UNUSED", endsToday: true },
  { key: "small-invalid", member: 1, activityNo: "ACT008", status: "INVALID", claimedDaysAgo: 2 },
  { key: "steam", member: 1, activityNo: "ACT005", status: "UNUSED", claimedDaysAgo: 1 },
  { key: "mobile", member: 1, activityNo: "ACT007", status: "UNUSED", claimedDaysAgo: 3 },
  { key: "nintendo-used", member: 1, activityNo: "ACT006", status: "USED", claimedDaysAgo: 9 },
  { key: "double11", member: 1, activityNo: "ACT009", status: "UNUSED", claimedDaysAgo: 12 },
  { key: "bigcut", member: 2, activityNo: "ACT004", status: "UNUSED", claimedDaysAgo: 1 },
];

export interface GiftDef {
  title: string;
  value: string;
  copy: boolean;
  urlTitle?: string;
  urlValue?: string;
}

export interface OrderDef {
  member: 1 | 2;
  status: OrderStatus;
  skuNo: string;
  payWay: PayWay;
  /** Minutes before now when the order was created. */
  createdMinutesAgo: number;
  /** Minutes after creation when it was paid (paid statuses). */
  paidAfterMinutes?: number;
  /** Minutes after payment when the codes were delivered (delivered statuses). */
  deliveredAfterMinutes?: number;
  /** Minutes after creation when it was closed (CLOSE). */
  closedAfterMinutes?: number;
  /** Key of a MEMBER_COUPONS entry applied to this order. */
  coupon?: string;
  notice?: string;
  gifts?: GiftDef[];
  userEmail?: string;
  channelName?: string;
}

const DAY_MINUTES = 24 * 60;

/** Member 1 has at least one order in every status a shopper can see. */
export const ORDERS: OrderDef[] = [
  { member: 1, status: "WAIT_PAY", skuNo: "G1002-S03", payWay: "WX", createdMinutesAgo: 4, coupon: "fullcut-b" },
  { member: 1, status: "PAY_FAIL", skuNo: "G1037-S03", payWay: "ALIPAY", createdMinutesAgo: 6 },
  { member: 1, status: "PAY_SUCCESS", skuNo: "G1024-S01", payWay: "WX", createdMinutesAgo: 3, paidAfterMinutes: 1 },
  { member: 1, status: "SENDING", skuNo: "G1039-S02", payWay: "ALIPAY", createdMinutesAgo: 12, paidAfterMinutes: 2 },
  {
    member: 1,
    status: "SENDING",
    skuNo: "G1036-S06",
    payWay: "WX",
    createdMinutesAgo: DAY_MINUTES + 90,
    paidAfterMinutes: 1,
    notice: OUT_OF_STOCK_NOTICE,
  },
  {
    member: 1,
    status: "PAY_SUCCESS",
    skuNo: "G1006-S02",
    payWay: "ALIPAY",
    createdMinutesAgo: 2 * DAY_MINUTES,
    paidAfterMinutes: 2,
  },
  {
    member: 1,
    status: "SEND_SUCCESS",
    skuNo: "G1001-S01",
    payWay: "WX",
    createdMinutesAgo: 3 * DAY_MINUTES,
    paidAfterMinutes: 1,
    deliveredAfterMinutes: 1,
    gifts: [{ title: "赠品：游戏原声试听", value: "WUKONG-OST-2024", copy: true, urlTitle: "领取地址", urlValue: "https://www.heishenhua.com" }],
  },
  {
    member: 1,
    status: "SEND_SUCCESS",
    skuNo: "G1015-S01",
    payWay: "ALIPAY",
    createdMinutesAgo: 8 * DAY_MINUTES,
    paidAfterMinutes: 3,
    deliveredAfterMinutes: 1,
    coupon: "nintendo-used",
  },
  {
    member: 1,
    status: "SEND_SUCCESS",
    skuNo: "G1005-S02",
    payWay: "WX",
    createdMinutesAgo: 20 * DAY_MINUTES,
    paidAfterMinutes: 1,
    deliveredAfterMinutes: 1,
  },
  {
    member: 1,
    status: "PART_REFUND",
    skuNo: "G1023-S06",
    payWay: "ALIPAY",
    createdMinutesAgo: 15 * DAY_MINUTES,
    paidAfterMinutes: 2,
    deliveredAfterMinutes: 1,
    notice: "部分款项已退回原支付账户",
  },
  {
    member: 1,
    status: "ALL_REFUND",
    skuNo: "G1031-S01",
    payWay: "WX",
    createdMinutesAgo: 25 * DAY_MINUTES,
    paidAfterMinutes: 1,
    deliveredAfterMinutes: 1,
    notice: "兑换失败，已全额退款至原支付账户",
  },
  { member: 1, status: "CLOSE", skuNo: "G1012-S01", payWay: "WX", createdMinutesAgo: 2 * DAY_MINUTES + 30, closedAfterMinutes: 15 },
  {
    member: 2,
    status: "SEND_SUCCESS",
    skuNo: "G1033-S01",
    payWay: "ALIPAY",
    createdMinutesAgo: 5 * DAY_MINUTES,
    paidAfterMinutes: 2,
    deliveredAfterMinutes: 1,
    userEmail: "gamer9000@example.com",
  },
  { member: 2, status: "CLOSE", skuNo: "G1038-S03", payWay: "WX", createdMinutesAgo: DAY_MINUTES, closedAfterMinutes: 4 },
];

export interface ServerDef {
  name: string;
  status: "NONE" | "UPGRADING" | "RELEASED" | "PRODUCING";
  expiresInDays: number;
  createdDaysAgo: number;
}

export const MEMBER_SERVERS: ServerDef[] = [
  { name: "幻兽帕鲁 · 4 人联机服", status: "NONE", expiresInDays: 25, createdDaysAgo: 5 },
  { name: "我的世界 · Java 生存服", status: "RELEASED", expiresInDays: -3, createdDaysAgo: 33 },
];
