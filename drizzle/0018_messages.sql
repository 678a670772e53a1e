CREATE TABLE `message_opt_outs` (
	`address` text PRIMARY KEY NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`channel` text NOT NULL,
	`recipient` text NOT NULL,
	`order_id` text,
	`user_id` text,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`state` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`provider_message_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `outbox_order_idx` ON `outbox` (`order_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `outbox_state_idx` ON `outbox` (`state`,`updated_at`);--> statement-breakpoint
CREATE INDEX `outbox_provider_idx` ON `outbox` (`provider_message_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `message_channels` text;
--> statement-breakpoint
CREATE TRIGGER `outbox_kind_values_insert` BEFORE INSERT ON `outbox`
WHEN new.kind NOT IN ('order_received', 'payment', 'review_approved', 'review_rejected', 'status', 'awaiting_review', 'back_in_stock', 'password_changed') BEGIN
  SELECT RAISE(ABORT, 'outbox_kind_unknown');
END;
--> statement-breakpoint
CREATE TRIGGER `outbox_kind_values_update` BEFORE UPDATE OF kind ON `outbox`
WHEN new.kind NOT IN ('order_received', 'payment', 'review_approved', 'review_rejected', 'status', 'awaiting_review', 'back_in_stock', 'password_changed') BEGIN
  SELECT RAISE(ABORT, 'outbox_kind_unknown');
END;
--> statement-breakpoint
CREATE TRIGGER `outbox_channel_values_insert` BEFORE INSERT ON `outbox`
WHEN new.channel NOT IN ('email', 'sms', 'whatsapp') BEGIN
  SELECT RAISE(ABORT, 'outbox_channel_unknown');
END;
--> statement-breakpoint
CREATE TRIGGER `outbox_channel_values_update` BEFORE UPDATE OF channel ON `outbox`
WHEN new.channel NOT IN ('email', 'sms', 'whatsapp') BEGIN
  SELECT RAISE(ABORT, 'outbox_channel_unknown');
END;
--> statement-breakpoint
CREATE TRIGGER `outbox_state_values_insert` BEFORE INSERT ON `outbox`
WHEN new.state NOT IN ('queued', 'sent', 'delivered', 'failed', 'stopped') BEGIN
  SELECT RAISE(ABORT, 'outbox_state_unknown');
END;
--> statement-breakpoint
CREATE TRIGGER `outbox_state_values_update` BEFORE UPDATE OF state ON `outbox`
WHEN new.state NOT IN ('queued', 'sent', 'delivered', 'failed', 'stopped') BEGIN
  SELECT RAISE(ABORT, 'outbox_state_unknown');
END;
