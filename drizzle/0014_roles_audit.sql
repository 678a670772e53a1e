CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`actor_id` text NOT NULL,
	`actor_name` text NOT NULL,
	`actor_role` text NOT NULL,
	`action` text NOT NULL,
	`record_type` text NOT NULL,
	`record_id` text NOT NULL,
	`detail` text DEFAULT '' NOT NULL,
	`keep_until` integer NOT NULL,
	CONSTRAINT "audit_log_kept_a_year" CHECK("audit_log"."keep_until" >= "audit_log"."created_at" + 31536000000)
);
--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_actor_idx` ON `audit_log` (`actor_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_action_idx` ON `audit_log` (`action`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_record_idx` ON `audit_log` (`record_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_record_type_idx` ON `audit_log` (`record_type`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_keep_idx` ON `audit_log` (`keep_until`);--> statement-breakpoint
-- A PCN number belongs to one account: where two admins share one, the earlier account keeps it.
UPDATE `users` SET `pcn_number` = NULL WHERE `pcn_number` IS NOT NULL AND EXISTS (
  SELECT 1 FROM `users` AS `other` WHERE `other`.`pcn_number` = `users`.`pcn_number`
    AND (`other`.`created_at` < `users`.`created_at` OR (`other`.`created_at` = `users`.`created_at` AND `other`.`id` < `users`.`id`)));
--> statement-breakpoint
CREATE UNIQUE INDEX `users_pcn_number_unique` ON `users` (`pcn_number`) WHERE "users"."pcn_number" IS NOT NULL;
--> statement-breakpoint
-- The audit trail is append-only: no row is ever changed, and none is deleted before its keep_until.
CREATE TRIGGER `audit_log_no_update` BEFORE UPDATE ON `audit_log` BEGIN
  SELECT RAISE(ABORT, 'audit_log_append_only');
END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_no_early_delete` BEFORE DELETE ON `audit_log`
WHEN old.keep_until > unixepoch('subsec') * 1000 BEGIN
  SELECT RAISE(ABORT, 'audit_log_append_only');
END;
--> statement-breakpoint
-- Orders written for an account already deleted are anonymised as its deletion would have done (their
-- receipt images, no longer referenced, go with the retention job's sweep of stray images).
UPDATE `orders` SET `user_id` = NULL, `name` = 'Deleted customer', `email` = '', `phone` = '',
  `delivery_address` = '', `receipt_key` = NULL, `receipt_uploaded_at` = NULL
WHERE `user_id` IS NOT NULL AND `user_id` NOT IN (SELECT `id` FROM `users`);
--> statement-breakpoint
-- An order placed while signed in is written only while its account exists: a checkout racing the
-- account's deletion fails rather than leave the customer's details on an order nobody can anonymise.
CREATE TRIGGER `orders_account_exists` BEFORE INSERT ON `orders`
WHEN new.user_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM `users` WHERE `id` = new.user_id) BEGIN
  SELECT RAISE(ABORT, 'orders_account_missing');
END;