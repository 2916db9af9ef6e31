CREATE TABLE `restock_notices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`member_id` integer NOT NULL,
	`sku_no` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`notified_at` integer,
	`sms_sent` integer,
	`cancelled_at` integer,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`member_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sku_no`) REFERENCES `skus`(`sku_no`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `restock_notices_open_idx` ON `restock_notices` (`member_id`,`sku_no`) WHERE notified_at is null and cancelled_at is null;--> statement-breakpoint
CREATE INDEX `restock_notices_waiting_idx` ON `restock_notices` (`sku_no`) WHERE notified_at is null and cancelled_at is null;