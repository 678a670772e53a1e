CREATE TABLE `consents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`notice_version` text NOT NULL,
	`given_at` integer NOT NULL,
	`withdrawn_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `consents_user_idx` ON `consents` (`user_id`,`kind`,`given_at`);--> statement-breakpoint
CREATE TABLE `contact_message_accounts` (
	`message_id` integer PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `contact_messages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contact_message_accounts_user_idx` ON `contact_message_accounts` (`user_id`);--> statement-breakpoint
CREATE TABLE `prescription_access_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`prescription_id` text NOT NULL,
	`admin_id` text,
	`admin_name` text NOT NULL,
	`viewed_at` integer NOT NULL,
	FOREIGN KEY (`prescription_id`) REFERENCES `prescriptions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `prescription_access_log_idx` ON `prescription_access_log` (`prescription_id`,`viewed_at`);