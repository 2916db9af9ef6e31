ALTER TABLE `login_attempts` ADD `method` text DEFAULT 'password' NOT NULL;--> statement-breakpoint
CREATE INDEX `login_attempts_address_idx` ON `login_attempts` (`client_ip`,`created_at`);