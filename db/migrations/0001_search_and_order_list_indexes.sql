DROP INDEX `orders_member_idx`;--> statement-breakpoint
CREATE INDEX `orders_member_idx` ON `orders` (`member_id`,`created_at`,`order_no`);--> statement-breakpoint
CREATE INDEX `goods_status_origin_price_idx` ON `goods` (`status`,`price_turn_cny`,`sort`,`goods_no`);--> statement-breakpoint
CREATE INDEX `goods_status_sale_price_idx` ON `goods` (`status`,`sale_off_price_cny`,`sort`,`goods_no`);