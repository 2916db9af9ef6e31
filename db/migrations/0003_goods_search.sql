-- Search over on-sale goods (decision 009), replacing goods_fts of 0002. `goods_search` holds one row per
-- ON_SALE goods with what search needs: the name and tags in lower case (ASCII only, as SQLite's
-- lower() and LIKE fold case) and the columns results are ordered by, each ordering with an index
-- so a page can be read in order and SQLite can stop early. Its INTEGER PRIMARY KEY is a stable
-- rowid (goods' implicit rowid may change on VACUUM), shared by two contentless FTS5 indexes:
--   goods_search_fts    trigrams of the lower-case text: a keyword of 3 or more characters is the
--                       phrase of its trigrams, which matches exactly the rows that contain it;
--   goods_search_grams  trigrams of the text spread with U+0001 after every character
--                       ("\1a\1b\1c\1"): "\1a\1" occurs where the character a does, "a\1b" where the
--                       pair ab does, so 1- and 2-character keywords are single index terms too.
-- Counting a keyword's matches is then an index lookup, without reading goods rows. Triggers keep
-- everything in step with `goods` (seed, admin script and raw SQL alike); goods_search rows are only
-- ever inserted and deleted, and a deletion removes the same text from the contentless indexes.
-- Written for SQLite 3.34 and later (trigram tokenizer), so Debian's sqlite3 shell can still open
-- and edit the file: no contentless_delete, no ORDER BY inside group_concat.
DROP TRIGGER IF EXISTS `goods_fts_after_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `goods_fts_after_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `goods_fts_after_update`;
--> statement-breakpoint
DROP TABLE IF EXISTS `goods_fts`;
--> statement-breakpoint
CREATE TABLE `goods_search` (
	`id` integer PRIMARY KEY NOT NULL,
	`goods_no` text NOT NULL,
	`name_lc` text NOT NULL,
	`tags_lc` text NOT NULL,
	`price_turn_cny` integer NOT NULL,
	`sale_off_price_cny` integer NOT NULL,
	`sort` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `goods_search_goods_no_uq` ON `goods_search` (`goods_no`);
--> statement-breakpoint
CREATE INDEX `goods_search_origin_asc_idx` ON `goods_search` (`price_turn_cny`, `sort`, `goods_no`);
--> statement-breakpoint
CREATE INDEX `goods_search_origin_desc_idx` ON `goods_search` (`price_turn_cny` DESC, `sort`, `goods_no`);
--> statement-breakpoint
CREATE INDEX `goods_search_sale_asc_idx` ON `goods_search` (`sale_off_price_cny`, `sort`, `goods_no`);
--> statement-breakpoint
CREATE INDEX `goods_search_sale_desc_idx` ON `goods_search` (`sale_off_price_cny` DESC, `sort`, `goods_no`);
--> statement-breakpoint
CREATE VIRTUAL TABLE `goods_search_fts` USING fts5(`name`, `tags`, content = '', tokenize = 'trigram case_sensitive 1');
--> statement-breakpoint
CREATE VIRTUAL TABLE `goods_search_grams` USING fts5(`name`, `tags`, content = '', detail = 'none', tokenize = 'trigram case_sensitive 1');
--> statement-breakpoint
CREATE TRIGGER `goods_search_index_insert` AFTER INSERT ON `goods_search` BEGIN
  INSERT INTO `goods_search_fts` (`rowid`, `name`, `tags`) VALUES (new.`id`, new.`name_lc`, new.`tags_lc`);
  INSERT INTO `goods_search_grams` (`rowid`, `name`, `tags`) VALUES (
    new.`id`,
    char(1) || (WITH RECURSIVE `s`(`i`, `out`) AS (SELECT 0, '' UNION ALL SELECT `i` + 1, `out` || substr(new.`name_lc`, `i` + 1, 1) || char(1) FROM `s` WHERE `i` < length(new.`name_lc`)) SELECT `out` FROM `s` ORDER BY `i` DESC LIMIT 1),
    char(1) || (WITH RECURSIVE `s`(`i`, `out`) AS (SELECT 0, '' UNION ALL SELECT `i` + 1, `out` || substr(new.`tags_lc`, `i` + 1, 1) || char(1) FROM `s` WHERE `i` < length(new.`tags_lc`)) SELECT `out` FROM `s` ORDER BY `i` DESC LIMIT 1)
  );
END;
--> statement-breakpoint
CREATE TRIGGER `goods_search_index_delete` AFTER DELETE ON `goods_search` BEGIN
  INSERT INTO `goods_search_fts` (`goods_search_fts`, `rowid`, `name`, `tags`) VALUES ('delete', old.`id`, old.`name_lc`, old.`tags_lc`);
  INSERT INTO `goods_search_grams` (`goods_search_grams`, `rowid`, `name`, `tags`) VALUES (
    'delete',
    old.`id`,
    char(1) || (WITH RECURSIVE `s`(`i`, `out`) AS (SELECT 0, '' UNION ALL SELECT `i` + 1, `out` || substr(old.`name_lc`, `i` + 1, 1) || char(1) FROM `s` WHERE `i` < length(old.`name_lc`)) SELECT `out` FROM `s` ORDER BY `i` DESC LIMIT 1),
    char(1) || (WITH RECURSIVE `s`(`i`, `out`) AS (SELECT 0, '' UNION ALL SELECT `i` + 1, `out` || substr(old.`tags_lc`, `i` + 1, 1) || char(1) FROM `s` WHERE `i` < length(old.`tags_lc`)) SELECT `out` FROM `s` ORDER BY `i` DESC LIMIT 1)
  );
END;
--> statement-breakpoint
CREATE TRIGGER `goods_search_after_goods_insert` AFTER INSERT ON `goods` WHEN new.`status` = 'ON_SALE' BEGIN
  INSERT INTO `goods_search` (`goods_no`, `name_lc`, `tags_lc`, `price_turn_cny`, `sale_off_price_cny`, `sort`)
  VALUES (new.`goods_no`, lower(new.`goods_name`), lower(new.`goods_tags`), new.`price_turn_cny`, new.`sale_off_price_cny`, new.`sort`);
END;
--> statement-breakpoint
CREATE TRIGGER `goods_search_after_goods_delete` AFTER DELETE ON `goods` BEGIN
  DELETE FROM `goods_search` WHERE `goods_no` = old.`goods_no`;
END;
--> statement-breakpoint
CREATE TRIGGER `goods_search_after_goods_update` AFTER UPDATE OF `goods_no`, `goods_name`, `goods_tags`, `price_turn_cny`, `sale_off_price_cny`, `status`, `sort` ON `goods` BEGIN
  DELETE FROM `goods_search` WHERE `goods_no` = old.`goods_no`;
  INSERT INTO `goods_search` (`goods_no`, `name_lc`, `tags_lc`, `price_turn_cny`, `sale_off_price_cny`, `sort`)
  SELECT new.`goods_no`, lower(new.`goods_name`), lower(new.`goods_tags`), new.`price_turn_cny`, new.`sale_off_price_cny`, new.`sort`
  WHERE new.`status` = 'ON_SALE';
END;
--> statement-breakpoint
INSERT INTO `goods_search` (`goods_no`, `name_lc`, `tags_lc`, `price_turn_cny`, `sale_off_price_cny`, `sort`)
SELECT `goods_no`, lower(`goods_name`), lower(`goods_tags`), `price_turn_cny`, `sale_off_price_cny`, `sort` FROM `goods` WHERE `status` = 'ON_SALE';
--> statement-breakpoint
INSERT INTO `goods_search_fts` (`goods_search_fts`) VALUES ('optimize');
--> statement-breakpoint
INSERT INTO `goods_search_grams` (`goods_search_grams`) VALUES ('optimize');
