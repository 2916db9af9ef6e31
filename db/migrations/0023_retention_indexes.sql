-- the retention job (server/trade/jobs/retention.ts, decision 056) finds old rows by their age alone
CREATE INDEX `outbox_created_idx` ON `outbox_messages` (`created_at`);--> statement-breakpoint
CREATE INDEX `login_attempts_created_idx` ON `login_attempts` (`created_at`);--> statement-breakpoint
CREATE INDEX `sms_codes_expires_idx` ON `sms_codes` (`expires_at`);
