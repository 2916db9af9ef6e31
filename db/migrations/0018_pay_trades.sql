CREATE TABLE `pay_trades` (
	`order_no` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`code_url` text,
	`created_at` integer NOT NULL,
	`checked_at` integer NOT NULL,
	`closed_at` integer,
	FOREIGN KEY (`order_no`) REFERENCES `orders`(`order_no`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `pay_trades_open_idx` ON `pay_trades` (`checked_at`) WHERE "pay_trades"."closed_at" is null;
