DROP INDEX `goods_status_origin_price_idx`;--> statement-breakpoint
DROP INDEX `goods_status_sale_price_idx`;--> statement-breakpoint
DROP INDEX `orders_member_status_idx`;--> statement-breakpoint
DROP INDEX `orders_status_idx`;--> statement-breakpoint
DROP INDEX `orders_member_idx`;--> statement-breakpoint
DROP INDEX `orders_fulfil_idx`;--> statement-breakpoint
CREATE INDEX `orders_open_idx` ON `orders` (`member_id`,`pay_expire_at`) WHERE "orders"."status" in ('WAIT_PAY', 'PAY_FAIL');--> statement-breakpoint
CREATE INDEX `orders_member_idx` ON `orders` (`member_id`,`created_at`,`order_no`,`status`);--> statement-breakpoint
CREATE INDEX `orders_fulfil_idx` ON `orders` (`fulfil_after`) WHERE "orders"."status" in ('PAY_SUCCESS', 'SENDING');--> statement-breakpoint
CREATE INDEX `coupons_order_idx` ON `coupons` (`order_no`) WHERE "coupons"."order_no" is not null;