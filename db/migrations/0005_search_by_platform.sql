-- What the shop knows about each goods platform (issue 14, decision 018): reference data of the
-- schema, which the seed keeps when it reseeds.
--   search_words  the words shoppers type for it, lower case, space-separated: "Steam", "Switch",
--                 "PS5", "礼品卡" rarely appear in a goods' name. The goods triggers append them
--                 to goods_search.tags_lc, so the same two FTS5 indexes and the same query find
--                 them (0003 explains the indexes). Editing them: update this table, then touch
--                 the platform's goods (UPDATE goods SET platform = platform WHERE platform = …).
--   redeem_steps  how a code of the platform is redeemed (a JSON array of steps), shown under
--                 every delivered code and in the goods' introduction.
-- goods_search.platform (a copy of the goods') serves the results page's filter and counts.
CREATE TABLE `platforms` (
	`platform` text PRIMARY KEY NOT NULL,
	`search_words` text NOT NULL,
	`redeem_steps` text DEFAULT '[]' NOT NULL
);
--> statement-breakpoint
INSERT INTO `platforms` (`platform`, `search_words`, `redeem_steps`) VALUES
  ('STEAM', 'steam 蒸汽平台 pc 电脑游戏 激活码',
    '["打开 Steam 客户端并登录账户","点击左上角「游戏」→「激活产品」","粘贴兑换码，确认后即可在库中下载"]'),
  ('NINTENDO', 'nintendo switch ns 任天堂 eshop 兑换码',
    '["在 Nintendo Switch 主页打开 Nintendo eShop","选择要使用的用户，点击左侧「输入兑换码」","输入 16 位兑换码并确认，游戏会自动开始下载"]'),
  ('PSN', 'playstation psn ps5 ps4 索尼 兑换码',
    '["在 PS5 主页进入 PlayStation Store","点击右上角「…」选择「兑换代码」","输入 12 位代码并确认，内容即添加到账户"]'),
  ('XBOX', 'xbox xgp game pass 微软 兑换码',
    '["访问 redeem.microsoft.com 或在主机上打开 Microsoft Store","登录 Microsoft 账户，选择「兑换代码」","输入 25 位代码并确认"]'),
  ('MOBILE', '手游 手机游戏 充值 mobile',
    '["打开游戏官方充值中心并登录游戏账号","选择对应的区服与角色","输入充值码完成兑换，道具将发放到游戏邮箱"]'),
  ('GIFT_CARD', '礼品卡 gift card 充值卡',
    '["打开对应商店（App Store / Google Play 等）并登录账户","进入「兑换礼品卡或代码」","输入卡密，余额即时到账"]');
--> statement-breakpoint
ALTER TABLE `goods_search` ADD `platform` text DEFAULT '' NOT NULL;
--> statement-breakpoint
CREATE INDEX `goods_search_platform_idx` ON `goods_search` (`platform`);
--> statement-breakpoint
DROP TRIGGER `goods_search_after_goods_insert`;
--> statement-breakpoint
DROP TRIGGER `goods_search_after_goods_update`;
--> statement-breakpoint
-- One definition of a goods' search row, for the triggers and the rebuild below.
CREATE VIEW `goods_search_rows` AS
SELECT
  g.`goods_no`,
  lower(g.`goods_name`) AS `name_lc`,
  lower(g.`goods_tags`) || ' ' || coalesce((SELECT p.`search_words` FROM `platforms` p WHERE p.`platform` = g.`platform`), lower(g.`platform`)) AS `tags_lc`,
  g.`platform`,
  g.`price_turn_cny`,
  g.`sale_off_price_cny`,
  g.`sort`
FROM `goods` g WHERE g.`status` = 'ON_SALE';
--> statement-breakpoint
CREATE TRIGGER `goods_search_after_goods_insert` AFTER INSERT ON `goods` WHEN new.`status` = 'ON_SALE' BEGIN
  INSERT INTO `goods_search` (`goods_no`, `name_lc`, `tags_lc`, `platform`, `price_turn_cny`, `sale_off_price_cny`, `sort`)
  SELECT * FROM `goods_search_rows` WHERE `goods_no` = new.`goods_no`;
END;
--> statement-breakpoint
CREATE TRIGGER `goods_search_after_goods_update` AFTER UPDATE OF `goods_no`, `goods_name`, `goods_tags`, `platform`, `price_turn_cny`, `sale_off_price_cny`, `status`, `sort` ON `goods` BEGIN
  DELETE FROM `goods_search` WHERE `goods_no` = old.`goods_no`;
  INSERT INTO `goods_search` (`goods_no`, `name_lc`, `tags_lc`, `platform`, `price_turn_cny`, `sale_off_price_cny`, `sort`)
  SELECT * FROM `goods_search_rows` WHERE `goods_no` = new.`goods_no`;
END;
--> statement-breakpoint
DELETE FROM `goods_search`;
--> statement-breakpoint
INSERT INTO `goods_search` (`goods_no`, `name_lc`, `tags_lc`, `platform`, `price_turn_cny`, `sale_off_price_cny`, `sort`)
SELECT * FROM `goods_search_rows`;
--> statement-breakpoint
INSERT INTO `goods_search_fts` (`goods_search_fts`) VALUES ('optimize');
--> statement-breakpoint
INSERT INTO `goods_search_grams` (`goods_search_grams`) VALUES ('optimize');
