-- Redemption steps per kind of code (issue 26): a Steam wallet code is not redeemed like a Steam game
-- key. goods.code_kind says what a goods' codes are — GAME_KEY (games, DLC, memberships), WALLET_CODE
-- (a platform's wallet top-up card), GIFT_CARD (a store's gift card), TOP_UP (in-game currency) —
-- and redeem_guides holds the steps of each platform and kind, shown under every delivered code and
-- in the goods' introduction. They replace platforms.redeem_steps (0005), which knew only platforms.
ALTER TABLE `goods` ADD `code_kind` text DEFAULT 'GAME_KEY' NOT NULL;
--> statement-breakpoint
-- goods already in the table: the seed's own rule (seed/seed.ts codeKindOf) read back from platform and tags
UPDATE `goods` SET `code_kind` = CASE
  WHEN `platform` = 'GIFT_CARD' THEN 'GIFT_CARD'
  WHEN `platform` = 'MOBILE' THEN 'TOP_UP'
  WHEN `goods_tags` LIKE '%"充值卡"%' OR `goods_tags` LIKE '%"点卡"%' THEN 'WALLET_CODE'
  WHEN `goods_tags` LIKE '%"充值"%' THEN 'TOP_UP'
  ELSE 'GAME_KEY' END;
--> statement-breakpoint
CREATE TABLE `redeem_guides` (
	`platform` text NOT NULL,
	`code_kind` text NOT NULL,
	`redeem_steps` text DEFAULT '[]' NOT NULL,
	PRIMARY KEY (`platform`, `code_kind`)
);
--> statement-breakpoint
INSERT INTO `redeem_guides` (`platform`, `code_kind`, `redeem_steps`) SELECT `platform`, CASE `platform`
  WHEN 'MOBILE' THEN 'TOP_UP' WHEN 'GIFT_CARD' THEN 'GIFT_CARD' ELSE 'GAME_KEY' END, `redeem_steps` FROM `platforms`;
--> statement-breakpoint
INSERT INTO `redeem_guides` (`platform`, `code_kind`, `redeem_steps`) VALUES
  ('STEAM', 'WALLET_CODE',
    '["登录 Steam，点击右上角账户名 →「账户明细」→「添加钱包资金」→「兑换 Steam 礼品卡或钱包充值码」","输入充值码并点击「继续」","确认后金额即时存入 Steam 钱包"]'),
  ('STEAM', 'TOP_UP',
    '["启动游戏并登录游戏账号","打开游戏内商店的「兑换码」入口","输入兑换码并确认，游戏币即时到账"]'),
  ('NINTENDO', 'WALLET_CODE',
    '["在 Nintendo Switch 主页打开 Nintendo eShop","选择要使用的用户，点击左侧「输入兑换码」","输入 16 位充值码并确认，金额即时存入 eShop 余额"]'),
  ('PSN', 'WALLET_CODE',
    '["在 PS5 主页进入 PlayStation Store","点击右上角「…」选择「兑换代码」","输入 12 位代码并确认，金额即时存入 PSN 钱包"]'),
  ('XBOX', 'WALLET_CODE',
    '["访问 redeem.microsoft.com 或在主机上打开 Microsoft Store","登录 Microsoft 账户，选择「兑换代码」","输入 25 位代码并确认，金额即时存入 Microsoft 账户余额"]');
--> statement-breakpoint
ALTER TABLE `platforms` DROP COLUMN `redeem_steps`;
