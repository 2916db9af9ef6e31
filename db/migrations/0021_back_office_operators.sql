CREATE TABLE `operators` (
	`operator_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`password_hash` text NOT NULL,
	`totp_secret` text NOT NULL,
	`last_totp_step` integer,
	`failed_logins` integer DEFAULT 0 NOT NULL,
	`locked_until` integer,
	`last_login_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `operators_name_uq` ON `operators` (`name`);
--> statement-breakpoint
CREATE TABLE `operator_sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`operator_id` integer NOT NULL,
	`csrf_token` text NOT NULL,
	`expires_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`operator_id`) REFERENCES `operators`(`operator_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `operator_sessions_operator_idx` ON `operator_sessions` (`operator_id`);
--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`operator_id` integer,
	`actor` text NOT NULL,
	`action` text NOT NULL,
	`subject` text DEFAULT '' NOT NULL,
	`before` text,
	`after` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);
