ALTER TABLE `coupon_activities` ADD `stopped_at` integer;
