-- Substring search over goods names and tags without a full scan (decision 009): an FTS5 index with the
-- trigram tokenizer (SQLite ≥ 3.34; case-insensitive), kept in sync with `goods` by triggers.
-- It stores goods_no (not indexed) rather than mirroring goods' implicit rowid, which VACUUM may
-- renumber; so a rename or delete finds its row by a scan of the index (rare, admin-only writes).
-- goods.service.ts uses it as a pre-filter for keywords of 3 or more characters and keeps the
-- LIKE conditions as the exact filter, so results are the same as before.
CREATE VIRTUAL TABLE `goods_fts` USING fts5(`goods_no` UNINDEXED, `goods_name`, `goods_tags`, tokenize = 'trigram');
--> statement-breakpoint
INSERT INTO `goods_fts` (`goods_no`, `goods_name`, `goods_tags`) SELECT `goods_no`, `goods_name`, `goods_tags` FROM `goods`;
--> statement-breakpoint
CREATE TRIGGER `goods_fts_after_insert` AFTER INSERT ON `goods` BEGIN
  INSERT INTO `goods_fts` (`goods_no`, `goods_name`, `goods_tags`) VALUES (new.`goods_no`, new.`goods_name`, new.`goods_tags`);
END;
--> statement-breakpoint
CREATE TRIGGER `goods_fts_after_delete` AFTER DELETE ON `goods` BEGIN
  DELETE FROM `goods_fts` WHERE `goods_no` = old.`goods_no`;
END;
--> statement-breakpoint
CREATE TRIGGER `goods_fts_after_update` AFTER UPDATE OF `goods_no`, `goods_name`, `goods_tags` ON `goods` BEGIN
  DELETE FROM `goods_fts` WHERE `goods_no` = old.`goods_no`;
  INSERT INTO `goods_fts` (`goods_no`, `goods_name`, `goods_tags`) VALUES (new.`goods_no`, new.`goods_name`, new.`goods_tags`);
END;
