-- The goods' tags are searched as words (issue 22, review L1): goods_search_rows (0005) indexed the
-- raw JSON of goods_tags, so `"`, `[`, `]` and `,` matched every goods. The tags are now joined with
-- spaces (a malformed goods_tags indexes no tags rather than failing the write); the triggers are
-- made again over the new view and the search rows rebuilt.
DROP TRIGGER `goods_search_after_goods_insert`;
--> statement-breakpoint
DROP TRIGGER `goods_search_after_goods_update`;
--> statement-breakpoint
DROP VIEW `goods_search_rows`;
--> statement-breakpoint
CREATE VIEW `goods_search_rows` AS
SELECT
  g.`goods_no`,
  lower(g.`goods_name`) AS `name_lc`,
  lower(coalesce(CASE WHEN json_valid(g.`goods_tags`) THEN (SELECT group_concat(t.`value`, ' ') FROM json_each(g.`goods_tags`) t) END, ''))
    || ' ' || coalesce((SELECT p.`search_words` FROM `platforms` p WHERE p.`platform` = g.`platform`), lower(g.`platform`)) AS `tags_lc`,
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
