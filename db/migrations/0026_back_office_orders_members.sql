ALTER TABLE `members` ADD `disabled_at` integer;
--> statement-breakpoint
ALTER TABLE `refunds` ADD `settled_by` text;
