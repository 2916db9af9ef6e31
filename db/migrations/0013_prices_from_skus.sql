-- Prices stored once (issue 41, operator trial M7) and card regions that hold (issue 37, shopper trial 11b #2).
-- A goods' price was kept three times: on its SKUs, in goods.price_turn_cny / sale_off_price_cny (the
-- cards' and search's), and copied again into goods_search; a SKU's price changed alone left cards and
-- search at the old one. The goods columns are dropped: a card's price is its card SKU's, read from
-- `skus` through the view `goods_cards`, and goods_search's price columns (kept for its ordering
-- indexes, like its name and tags) are maintained from the same view by triggers on `skus`.
--
-- The card SKU: the cheapest enabled SKU, preferring the SKUs whose first spec choice (the region:
-- 港服, 美区, 全球…) is one of the goods' tags, so a card that says 港服 shows a 港服 price and opens
-- on a 港服 SKU (the trial found 15 of 48 goods tagged with one region and priced with another's).
-- Ties go to the lower sku_no. A goods without an enabled SKU has no card SKU and prices of 0.
-- Written for SQLite 3.34 and later like 0003 (Debian's sqlite3 can still open and edit the file).
DROP TRIGGER `goods_search_after_goods_insert`;
--> statement-breakpoint
DROP TRIGGER `goods_search_after_goods_update`;
--> statement-breakpoint
DROP VIEW `goods_search_rows`;
--> statement-breakpoint
ALTER TABLE `goods` DROP COLUMN `price_turn_cny`;
--> statement-breakpoint
ALTER TABLE `goods` DROP COLUMN `sale_off_price_cny`;
--> statement-breakpoint
CREATE VIEW `goods_cards` AS
SELECT
  c.`goods_no`,
  -- read from the joined row, so the choice below runs once per goods
  cs.`sku_no` AS `card_sku_no`,
  CASE WHEN json_valid(cs.`sku_spec`) THEN json_extract(cs.`sku_spec`, '$[0].sku_spec_value') END AS `card_region`,
  coalesce(cs.`price_turn_cny`, 0) AS `sale_price`,
  coalesce(cs.`origin_price_cny`, 0) AS `origin_price`
FROM (
  SELECT
    g.`goods_no`,
    coalesce(
      -- the cheapest SKU whose first choice, quoted as JSON, is an element of the tags' JSON array
      (
        SELECT s.`sku_no` FROM `skus` s
        WHERE s.`goods_no` = g.`goods_no` AND s.`disabled` = 0
          AND instr(g.`goods_tags`, json_quote(CASE WHEN json_valid(s.`sku_spec`) THEN json_extract(s.`sku_spec`, '$[0].sku_spec_value') END)) > 0
        ORDER BY s.`price_turn_cny`, s.`sku_no` LIMIT 1
      ),
      (
        SELECT s.`sku_no` FROM `skus` s
        WHERE s.`goods_no` = g.`goods_no` AND s.`disabled` = 0
        ORDER BY s.`price_turn_cny`, s.`sku_no` LIMIT 1
      )
    ) AS `card_sku_no`
  FROM `goods` g
) c
LEFT JOIN `skus` cs ON cs.`sku_no` = c.`card_sku_no`;
--> statement-breakpoint
CREATE VIEW `goods_search_rows` AS
SELECT
  g.`goods_no`,
  lower(g.`goods_name`) AS `name_lc`,
  lower(coalesce(CASE WHEN json_valid(g.`goods_tags`) THEN (SELECT group_concat(t.`value`, ' ') FROM json_each(g.`goods_tags`) t) END, ''))
    || ' ' || coalesce((SELECT p.`search_words` FROM `platforms` p WHERE p.`platform` = g.`platform`), lower(g.`platform`)) AS `tags_lc`,
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
CREATE TRIGGER `goods_search_after_goods_update` AFTER UPDATE OF `goods_no`, `goods_name`, `goods_tags`, `platform`, `status`, `sort` ON `goods` BEGIN
  DELETE FROM `goods_search` WHERE `goods_no` = old.`goods_no`;
  INSERT INTO `goods_search` (`goods_no`, `name_lc`, `tags_lc`, `platform`, `price_turn_cny`, `sale_off_price_cny`, `sort`)
  SELECT * FROM `goods_search_rows` WHERE `goods_no` = new.`goods_no`;
END;
--> statement-breakpoint
-- a SKU's price, state or spec changed (or a SKU added or removed): its goods' search prices follow;
-- only the price columns change, so the FTS indexes (which follow inserts and deletes) are untouched
CREATE TRIGGER `goods_search_after_sku_insert` AFTER INSERT ON `skus` BEGIN
  UPDATE `goods_search` SET (`price_turn_cny`, `sale_off_price_cny`) = (SELECT `origin_price`, `sale_price` FROM `goods_cards` WHERE `goods_no` = new.`goods_no`)
  WHERE `goods_no` = new.`goods_no`;
END;
--> statement-breakpoint
CREATE TRIGGER `goods_search_after_sku_update` AFTER UPDATE OF `goods_no`, `price_turn_cny`, `origin_price_cny`, `disabled`, `sku_spec` ON `skus` BEGIN
  UPDATE `goods_search` SET (`price_turn_cny`, `sale_off_price_cny`) = (SELECT `origin_price`, `sale_price` FROM `goods_cards` WHERE `goods_no` = `goods_search`.`goods_no`)
  WHERE `goods_no` IN (old.`goods_no`, new.`goods_no`);
END;
--> statement-breakpoint
CREATE TRIGGER `goods_search_after_sku_delete` AFTER DELETE ON `skus` BEGIN
  UPDATE `goods_search` SET (`price_turn_cny`, `sale_off_price_cny`) = (SELECT `origin_price`, `sale_price` FROM `goods_cards` WHERE `goods_no` = old.`goods_no`)
  WHERE `goods_no` = old.`goods_no`;
END;
--> statement-breakpoint
-- the region-aware card prices for every goods on sale now (rows are replaced: the FTS triggers follow)
DELETE FROM `goods_search`;
--> statement-breakpoint
INSERT INTO `goods_search` (`goods_no`, `name_lc`, `tags_lc`, `platform`, `price_turn_cny`, `sale_off_price_cny`, `sort`)
SELECT * FROM `goods_search_rows`;
--> statement-breakpoint
INSERT INTO `goods_search_fts` (`goods_search_fts`) VALUES ('optimize');
--> statement-breakpoint
INSERT INTO `goods_search_grams` (`goods_search_grams`) VALUES ('optimize');
