-- Search aliases (issue 37, decision 043): what shoppers also call a goods — its English title,
-- a common name (老头环), a shorthand (GTA5, PS Plus) — kept on the goods row, one alias per line,
-- and searched like the tags: goods_search_rows (0013, prices from goods_cards) appends them, lower case, to tags_lc after a
-- line break (kept between aliases, so a keyword never matches across two of them), so the
-- same two FTS5 indexes, the same query and the near-miss search (decision 030) find them. The
-- search code holds no word lists: editing a goods' aliases (the seed, the admin, raw SQL) re-indexes
-- it through the update trigger, made again here with search_aliases among its columns.
ALTER TABLE `goods` ADD `search_aliases` text DEFAULT '' NOT NULL;
--> statement-breakpoint
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
    || ' ' || coalesce((SELECT p.`search_words` FROM `platforms` p WHERE p.`platform` = g.`platform`), lower(g.`platform`))
    || char(10) || lower(replace(g.`search_aliases`, char(13), '')) AS `tags_lc`,
  g.`platform`,
  c.`origin_price` AS `price_turn_cny`,
  c.`sale_price` AS `sale_off_price_cny`,
  g.`sort`
FROM `goods` g JOIN `goods_cards` c ON c.`goods_no` = g.`goods_no`
WHERE g.`status` = 'ON_SALE';
--> statement-breakpoint
CREATE TRIGGER `goods_search_after_goods_insert` AFTER INSERT ON `goods` WHEN new.`status` = 'ON_SALE' BEGIN
  INSERT INTO `goods_search` (`goods_no`, `name_lc`, `tags_lc`, `platform`, `price_turn_cny`, `sale_off_price_cny`, `sort`)
  SELECT * FROM `goods_search_rows` WHERE `goods_no` = new.`goods_no`;
END;
--> statement-breakpoint
CREATE TRIGGER `goods_search_after_goods_update` AFTER UPDATE OF `goods_no`, `goods_name`, `goods_tags`, `platform`, `status`, `sort`, `search_aliases` ON `goods` BEGIN
  DELETE FROM `goods_search` WHERE `goods_no` = old.`goods_no`;
  INSERT INTO `goods_search` (`goods_no`, `name_lc`, `tags_lc`, `platform`, `price_turn_cny`, `sale_off_price_cny`, `sort`)
  SELECT * FROM `goods_search_rows` WHERE `goods_no` = new.`goods_no`;
END;
