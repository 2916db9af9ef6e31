-- Search by platform and kind (issue 14). Shoppers type the platform, not the goods' name: "Steam",
-- "Switch", "PS5", "礼品卡". `platform_search_words` holds, per goods platform, the words they type
-- for it (lower case, space-separated); the goods triggers append them to goods_search.tags_lc, so
-- the same two FTS5 indexes and the same query find them (0003 explains the indexes). The platform
-- itself is copied to goods_search.platform for the results page's platform filter and counts.
-- Editing a platform's words: update platform_search_words, then touch the goods of that platform
-- (UPDATE goods SET platform = platform WHERE platform = …) so the triggers index them again.
CREATE TABLE `platform_search_words` (
	`platform` text PRIMARY KEY NOT NULL,
	`words` text NOT NULL
);
--> statement-breakpoint
INSERT INTO `platform_search_words` (`platform`, `words`) VALUES
  ('STEAM', 'steam 蒸汽平台 pc 电脑游戏 激活码'),
  ('NINTENDO', 'nintendo switch ns 任天堂 eshop 兑换码'),
  ('PSN', 'playstation psn ps5 ps4 索尼 兑换码'),
  ('XBOX', 'xbox xgp game pass 微软 兑换码'),
  ('MOBILE', '手游 手机游戏 充值 mobile'),
  ('GIFT_CARD', '礼品卡 gift card 充值卡');
--> statement-breakpoint
ALTER TABLE `goods_search` ADD `platform` text DEFAULT '' NOT NULL;
--> statement-breakpoint
CREATE INDEX `goods_search_platform_idx` ON `goods_search` (`platform`);
--> statement-breakpoint
DROP TRIGGER `goods_search_after_goods_insert`;
--> statement-breakpoint
DROP TRIGGER `goods_search_after_goods_update`;
--> statement-breakpoint
CREATE TRIGGER `goods_search_after_goods_insert` AFTER INSERT ON `goods` WHEN new.`status` = 'ON_SALE' BEGIN
  INSERT INTO `goods_search` (`goods_no`, `name_lc`, `tags_lc`, `platform`, `price_turn_cny`, `sale_off_price_cny`, `sort`)
  VALUES (
    new.`goods_no`,
    lower(new.`goods_name`),
    lower(new.`goods_tags`) || ' ' || coalesce((SELECT `words` FROM `platform_search_words` WHERE `platform` = new.`platform`), lower(new.`platform`)),
    new.`platform`,
    new.`price_turn_cny`,
    new.`sale_off_price_cny`,
    new.`sort`
  );
END;
--> statement-breakpoint
CREATE TRIGGER `goods_search_after_goods_update` AFTER UPDATE OF `goods_no`, `goods_name`, `goods_tags`, `platform`, `price_turn_cny`, `sale_off_price_cny`, `status`, `sort` ON `goods` BEGIN
  DELETE FROM `goods_search` WHERE `goods_no` = old.`goods_no`;
  INSERT INTO `goods_search` (`goods_no`, `name_lc`, `tags_lc`, `platform`, `price_turn_cny`, `sale_off_price_cny`, `sort`)
  SELECT
    new.`goods_no`,
    lower(new.`goods_name`),
    lower(new.`goods_tags`) || ' ' || coalesce((SELECT `words` FROM `platform_search_words` WHERE `platform` = new.`platform`), lower(new.`platform`)),
    new.`platform`,
    new.`price_turn_cny`,
    new.`sale_off_price_cny`,
    new.`sort`
  WHERE new.`status` = 'ON_SALE';
END;
--> statement-breakpoint
DELETE FROM `goods_search`;
--> statement-breakpoint
INSERT INTO `goods_search` (`goods_no`, `name_lc`, `tags_lc`, `platform`, `price_turn_cny`, `sale_off_price_cny`, `sort`)
SELECT
  g.`goods_no`,
  lower(g.`goods_name`),
  lower(g.`goods_tags`) || ' ' || coalesce((SELECT `words` FROM `platform_search_words` w WHERE w.`platform` = g.`platform`), lower(g.`platform`)),
  g.`platform`,
  g.`price_turn_cny`,
  g.`sale_off_price_cny`,
  g.`sort`
FROM `goods` g WHERE g.`status` = 'ON_SALE';
--> statement-breakpoint
INSERT INTO `goods_search_fts` (`goods_search_fts`) VALUES ('optimize');
--> statement-breakpoint
INSERT INTO `goods_search_grams` (`goods_search_grams`) VALUES ('optimize');
