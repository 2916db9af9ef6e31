ALTER TABLE `outbox_messages` ADD `kind` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `outbox_messages` ADD `params` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `outbox_messages` ADD `status` text DEFAULT 'PENDING' NOT NULL;--> statement-breakpoint
ALTER TABLE `outbox_messages` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `outbox_messages` ADD `next_attempt_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `outbox_messages` ADD `lease_until` integer;--> statement-breakpoint
ALTER TABLE `outbox_messages` ADD `sent_at` integer;--> statement-breakpoint
ALTER TABLE `outbox_messages` ADD `provider_id` text;--> statement-breakpoint
ALTER TABLE `outbox_messages` ADD `last_error` text;--> statement-breakpoint
-- messages written before the relay existed were never sent and are stale now (old login codes): not sent late
UPDATE `outbox_messages` SET `status` = 'SKIPPED', `last_error` = 'written before the outbox relay (migration 0017)';--> statement-breakpoint
CREATE INDEX `outbox_due_idx` ON `outbox_messages` (`status`,`next_attempt_at`);
