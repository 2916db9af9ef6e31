CREATE TABLE `analytics_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`click_name` text NOT NULL,
	`client_type` integer NOT NULL,
	`click_time` integer NOT NULL,
	`action_extra_info` text DEFAULT '{}' NOT NULL,
	`store_line` text NOT NULL,
	`channel_id` text DEFAULT '1' NOT NULL,
	`member_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `analytics_name_idx` ON `analytics_events` (`click_name`,`created_at`);--> statement-breakpoint
CREATE TABLE `captcha_lots` (
	`lot_number` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`answer` text NOT NULL,
	`expires_at` integer NOT NULL,
	`validated_at` integer,
	`pass_token` text,
	`consumed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `cdkeys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`sku_no` text NOT NULL,
	`code` text NOT NULL,
	`status` text DEFAULT 'UNUSED' NOT NULL,
	`order_no` text,
	`delivered_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`sku_no`) REFERENCES `skus`(`sku_no`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cdkeys_code_uq` ON `cdkeys` (`sku_no`,`code`);--> statement-breakpoint
CREATE INDEX `cdkeys_sku_status_idx` ON `cdkeys` (`sku_no`,`status`,`id`);--> statement-breakpoint
CREATE INDEX `cdkeys_order_idx` ON `cdkeys` (`order_no`);--> statement-breakpoint
CREATE TABLE `coupon_activities` (
	`activity_no` text PRIMARY KEY NOT NULL,
	`coupon_type` text NOT NULL,
	`coupon_name` text NOT NULL,
	`main_title` text NOT NULL,
	`sub_title` text DEFAULT '' NOT NULL,
	`display_name` text NOT NULL,
	`display_use` text NOT NULL,
	`display_get` text DEFAULT '' NOT NULL,
	`jump_url` text,
	`amount_off` integer,
	`discount_percent` integer,
	`max_discount` integer,
	`threshold` integer DEFAULT 0 NOT NULL,
	`validity_mode` text NOT NULL,
	`valid_from` integer,
	`valid_to` integer,
	`valid_days` integer,
	`total_stock` integer NOT NULL,
	`claimed_count` integer DEFAULT 0 NOT NULL,
	`per_member_limit` integer DEFAULT 1 NOT NULL,
	`goods_scope` text DEFAULT '[]' NOT NULL,
	`auto_grant` integer DEFAULT false NOT NULL,
	`claim_start_at` integer,
	`claim_end_at` integer,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `coupons` (
	`coupon_no` text PRIMARY KEY NOT NULL,
	`activity_no` text NOT NULL,
	`member_id` integer NOT NULL,
	`status` text DEFAULT 'UNUSED' NOT NULL,
	`order_no` text,
	`use_time_start` integer NOT NULL,
	`use_time_end` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`activity_no`) REFERENCES `coupon_activities`(`activity_no`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`member_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `coupons_member_idx` ON `coupons` (`member_id`,`status`,`use_time_end`);--> statement-breakpoint
CREATE INDEX `coupons_activity_member_idx` ON `coupons` (`activity_no`,`member_id`);--> statement-breakpoint
CREATE TABLE `credentials` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`member_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`member_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credentials_token_uq` ON `credentials` (`token_hash`);--> statement-breakpoint
CREATE INDEX `credentials_member_idx` ON `credentials` (`member_id`);--> statement-breakpoint
CREATE TABLE `goods` (
	`goods_no` text PRIMARY KEY NOT NULL,
	`goods_name` text NOT NULL,
	`goods_desc` text DEFAULT '' NOT NULL,
	`platform` text NOT NULL,
	`covers` text DEFAULT '[]' NOT NULL,
	`goods_tags` text DEFAULT '[]' NOT NULL,
	`is_presale` integer DEFAULT false NOT NULL,
	`presale_performance_at` integer,
	`sale_end_at` integer,
	`price_turn_cny` integer NOT NULL,
	`sale_off_price_cny` integer NOT NULL,
	`origin_currency` text DEFAULT 'CNY' NOT NULL,
	`region_restricted` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'ON_SALE' NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `goods_status_idx` ON `goods` (`status`,`sort`);--> statement-breakpoint
CREATE TABLE `goods_extras` (
	`goods_no` text NOT NULL,
	`extra_key` text NOT NULL,
	`extra_value` text NOT NULL,
	PRIMARY KEY(`goods_no`, `extra_key`),
	FOREIGN KEY (`goods_no`) REFERENCES `goods`(`goods_no`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`key` text NOT NULL,
	`member_id` integer NOT NULL,
	`scope` text NOT NULL,
	`request_hash` text NOT NULL,
	`order_no` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`member_id`, `scope`, `key`)
);
--> statement-breakpoint
CREATE TABLE `layout_blocks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`page_type` text NOT NULL,
	`name` text NOT NULL,
	`style_type` text NOT NULL,
	`settings` text DEFAULT '{}' NOT NULL,
	`render_id` text,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `layout_blocks_page_idx` ON `layout_blocks` (`page_type`,`render_id`,`sort`);--> statement-breakpoint
CREATE TABLE `layout_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`block_id` integer NOT NULL,
	`goods_no` text,
	`assembly` text NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`block_id`) REFERENCES `layout_blocks`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`goods_no`) REFERENCES `goods`(`goods_no`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `layout_items_block_idx` ON `layout_items` (`block_id`,`sort`);--> statement-breakpoint
CREATE TABLE `login_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`mobile` text NOT NULL,
	`client_ip` text NOT NULL,
	`success` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `login_attempts_mobile_idx` ON `login_attempts` (`mobile`,`created_at`);--> statement-breakpoint
CREATE TABLE `member_servers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`member_id` integer NOT NULL,
	`server_name` text NOT NULL,
	`server_status` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`member_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `member_servers_member_idx` ON `member_servers` (`member_id`,`expires_at`);--> statement-breakpoint
CREATE TABLE `members` (
	`member_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`mobile` text NOT NULL,
	`member_name` text NOT NULL,
	`email` text,
	`password_hash` text,
	`locked_until` integer,
	`auto_coupons_granted_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `members_mobile_uq` ON `members` (`mobile`);--> statement-breakpoint
CREATE TABLE `order_coupons` (
	`order_no` text NOT NULL,
	`coupon_no` text NOT NULL,
	`discount` integer NOT NULL,
	PRIMARY KEY(`order_no`, `coupon_no`),
	FOREIGN KEY (`order_no`) REFERENCES `orders`(`order_no`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`coupon_no`) REFERENCES `coupons`(`coupon_no`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `order_gifts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_no` text NOT NULL,
	`title` text NOT NULL,
	`value` text NOT NULL,
	`copy` integer DEFAULT false NOT NULL,
	`url_title` text,
	`url_value` text,
	FOREIGN KEY (`order_no`) REFERENCES `orders`(`order_no`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `order_gifts_order_idx` ON `order_gifts` (`order_no`);--> statement-breakpoint
CREATE TABLE `order_performances` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_no` text NOT NULL,
	`unit_id` integer NOT NULL,
	`cdkey_id` integer,
	`title` text NOT NULL,
	`value` text NOT NULL,
	`copy` integer DEFAULT true NOT NULL,
	`url_title` text,
	`url_value` text,
	`notice_text` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`order_no`) REFERENCES `orders`(`order_no`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`unit_id`) REFERENCES `order_units`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`cdkey_id`) REFERENCES `cdkeys`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `order_performances_order_idx` ON `order_performances` (`order_no`);--> statement-breakpoint
CREATE UNIQUE INDEX `order_performances_cdkey_uq` ON `order_performances` (`cdkey_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `order_performances_unit_uq` ON `order_performances` (`unit_id`);--> statement-breakpoint
CREATE TABLE `order_units` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_no` text NOT NULL,
	`goods_no` text NOT NULL,
	`sku_no` text NOT NULL,
	`sku_num` integer DEFAULT 1 NOT NULL,
	`unit_price` integer NOT NULL,
	`origin_price` integer NOT NULL,
	`goods_name` text NOT NULL,
	`sku_name` text NOT NULL,
	`goods_tags` text DEFAULT '[]' NOT NULL,
	`covers` text DEFAULT '[]' NOT NULL,
	`sku_options` text DEFAULT '[]' NOT NULL,
	`is_presale` integer DEFAULT false NOT NULL,
	`presale_performance_at` integer,
	FOREIGN KEY (`order_no`) REFERENCES `orders`(`order_no`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`goods_no`) REFERENCES `goods`(`goods_no`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`sku_no`) REFERENCES `skus`(`sku_no`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `order_units_order_idx` ON `order_units` (`order_no`);--> statement-breakpoint
CREATE TABLE `orders` (
	`order_no` text PRIMARY KEY NOT NULL,
	`member_id` integer NOT NULL,
	`status` text NOT NULL,
	`store_line` text DEFAULT 'official' NOT NULL,
	`channel_no` text DEFAULT '1' NOT NULL,
	`channel_name` text DEFAULT '' NOT NULL,
	`pay_way` text NOT NULL,
	`user_phone` text DEFAULT '' NOT NULL,
	`user_email` text DEFAULT '' NOT NULL,
	`goods_amount` integer NOT NULL,
	`coupon_amount` integer DEFAULT 0 NOT NULL,
	`pay_price` integer NOT NULL,
	`currency` text DEFAULT 'CNY' NOT NULL,
	`currency_symbol` text DEFAULT '￥' NOT NULL,
	`pay_expire_at` integer NOT NULL,
	`pay_at` integer,
	`closed_at` integer,
	`delivered_at` integer,
	`fulfil_after` integer,
	`notice` text,
	`flag` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`member_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `orders_member_idx` ON `orders` (`member_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_member_status_idx` ON `orders` (`member_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_status_idx` ON `orders` (`status`,`pay_expire_at`);--> statement-breakpoint
CREATE INDEX `orders_fulfil_idx` ON `orders` (`status`,`fulfil_after`);--> statement-breakpoint
CREATE TABLE `outbox_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel` text NOT NULL,
	`recipient` text NOT NULL,
	`subject` text DEFAULT '' NOT NULL,
	`body` text NOT NULL,
	`order_no` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `outbox_channel_idx` ON `outbox_messages` (`channel`,`created_at`);--> statement-breakpoint
CREATE INDEX `outbox_recipient_idx` ON `outbox_messages` (`recipient`,`created_at`);--> statement-breakpoint
CREATE INDEX `outbox_order_idx` ON `outbox_messages` (`order_no`);--> statement-breakpoint
CREATE TABLE `payment_notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`notify_id` text NOT NULL,
	`order_no` text NOT NULL,
	`trade_status` text NOT NULL,
	`amount` integer NOT NULL,
	`outcome` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_notifications_notify_uq` ON `payment_notifications` (`notify_id`);--> statement-breakpoint
CREATE INDEX `payment_notifications_order_idx` ON `payment_notifications` (`order_no`);--> statement-breakpoint
CREATE TABLE `popup_adverts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`page_type` text DEFAULT 'HOME' NOT NULL,
	`pop_period` text NOT NULL,
	`image_urls` text DEFAULT '[]' NOT NULL,
	`goods_no` text,
	`link_url` text,
	`jump_type` text DEFAULT 'NO_REDIRECT' NOT NULL,
	`starts_at` integer,
	`ends_at` integer,
	`sort` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `popup_adverts_page_idx` ON `popup_adverts` (`page_type`,`sort`);--> statement-breakpoint
CREATE TABLE `skus` (
	`sku_no` text PRIMARY KEY NOT NULL,
	`goods_no` text NOT NULL,
	`sku_name` text NOT NULL,
	`price_turn_cny` integer NOT NULL,
	`origin_price_cny` integer NOT NULL,
	`sku_spec` text DEFAULT '[]' NOT NULL,
	`redemption_url` text,
	`disabled` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`goods_no`) REFERENCES `goods`(`goods_no`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `skus_goods_idx` ON `skus` (`goods_no`);--> statement-breakpoint
CREATE TABLE `sms_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`mobile` text NOT NULL,
	`sms_type` text DEFAULT 'LOGIN' NOT NULL,
	`code_hash` text NOT NULL,
	`wrong_tries` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`client_ip` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sms_codes_mobile_idx` ON `sms_codes` (`mobile`,`created_at`);--> statement-breakpoint
CREATE INDEX `sms_codes_ip_idx` ON `sms_codes` (`client_ip`,`created_at`);--> statement-breakpoint
CREATE TABLE `spec_nodes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`goods_no` text NOT NULL,
	`parent_id` integer,
	`spec_name` text NOT NULL,
	`spec_value` text NOT NULL,
	`spec_desc` text DEFAULT '' NOT NULL,
	`disabled` integer DEFAULT false NOT NULL,
	`sku_no` text,
	`sort` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`goods_no`) REFERENCES `goods`(`goods_no`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sku_no`) REFERENCES `skus`(`sku_no`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `spec_nodes_goods_idx` ON `spec_nodes` (`goods_no`,`parent_id`,`sort`);