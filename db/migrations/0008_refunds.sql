CREATE TABLE `refunds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_no` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`amount` integer NOT NULL,
	`reason` text NOT NULL,
	`notify_id` text,
	`status` text DEFAULT 'PENDING' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`settled_at` integer,
	FOREIGN KEY (`order_no`) REFERENCES `orders`(`order_no`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_idempotency_uq` ON `refunds` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `refunds_order_idx` ON `refunds` (`order_no`);--> statement-breakpoint
CREATE INDEX `refunds_due_idx` ON `refunds` (`next_attempt_at`) WHERE "refunds"."status" = 'PENDING';--> statement-breakpoint
CREATE TABLE `sandbox_refunds` (
	`idempotency_key` text PRIMARY KEY NOT NULL,
	`order_no` text NOT NULL,
	`amount` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
-- orders left partly delivered by the fulfilment worker before all-or-nothing allocation (decision 021): their codes were shown, so a person checks their refund
UPDATE `orders` SET `flag` = coalesce(`flag` || '；', '') || '升级前已部分发货且兑换码已展示：缺货全额退款前请人工核对退款金额' WHERE `status` = 'SENDING' AND `order_no` IN (SELECT `order_no` FROM `order_performances`);
