-- Whether a sent 到货提醒 also went by mail (decision 058): 我的订单 says only the channels used.
-- Reminders sent before knew no better than "the member had an e-mail then"; the member's e-mail
-- now is the best guess for them (members could not set one before this change).
ALTER TABLE `restock_notices` ADD `mail_sent` integer;--> statement-breakpoint
UPDATE `restock_notices` SET `mail_sent` = (SELECT `email` IS NOT NULL AND `email` <> '' FROM `members` WHERE `members`.`member_id` = `restock_notices`.`member_id`) WHERE `notified_at` IS NOT NULL;
