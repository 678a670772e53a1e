-- Orders gain delivery fees by state, payment and receipts; customers gain a profile; password reset links.
CREATE TABLE `delivery_fees` (
	`state` text PRIMARY KEY NOT NULL,
	`fee_kobo` integer NOT NULL,
	`days_min` integer NOT NULL,
	`days_max` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "delivery_fees_fee_range" CHECK("delivery_fees"."fee_kobo" >= 0),
	CONSTRAINT "delivery_fees_days_range" CHECK("delivery_fees"."days_min" >= 0 AND "delivery_fees"."days_max" >= "delivery_fees"."days_min")
);
--> statement-breakpoint
CREATE TABLE `password_resets` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`issued_by` text,
	`issued_by_name` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_resets_user_idx` ON `password_resets` (`user_id`);--> statement-breakpoint
CREATE TABLE `shop_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `order_status_events` ADD `kind` text DEFAULT 'status' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery_state` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery_fee_kobo` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `payment_method` text DEFAULT 'pay_on_delivery' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `payment_status` text DEFAULT 'unpaid' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `receipt_key` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `receipt_uploaded_at` integer;--> statement-breakpoint
CREATE INDEX `orders_status_idx` ON `orders` (`delivery_status`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_payment_idx` ON `orders` (`payment_status`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_phone_idx` ON `orders` (`phone`);--> statement-breakpoint
CREATE INDEX `orders_email_idx` ON `orders` (`email`);--> statement-breakpoint
ALTER TABLE `users` ADD `phone` text;--> statement-breakpoint
ALTER TABLE `users` ADD `delivery_address` text;--> statement-breakpoint
ALTER TABLE `users` ADD `delivery_state` text;
--> statement-breakpoint
-- Demo delivery fees from a pharmacy in Abakaliki (cheapest in Ebonyi): admins edit them in Admin › Delivery.
INSERT INTO `delivery_fees` (`state`, `fee_kobo`, `days_min`, `days_max`, `updated_at`) VALUES
  ('Abia', 200000, 2, 3, 0),
  ('Adamawa', 450000, 4, 7, 0),
  ('Akwa Ibom', 250000, 2, 4, 0),
  ('Anambra', 250000, 2, 3, 0),
  ('Bauchi', 450000, 4, 6, 0),
  ('Bayelsa', 300000, 3, 5, 0),
  ('Benue', 250000, 2, 4, 0),
  ('Borno', 500000, 5, 7, 0),
  ('Cross River', 200000, 2, 3, 0),
  ('Delta', 300000, 2, 4, 0),
  ('Ebonyi', 100000, 1, 2, 0),
  ('Edo', 300000, 2, 4, 0),
  ('Ekiti', 350000, 3, 5, 0),
  ('Enugu', 200000, 1, 3, 0),
  ('FCT (Abuja)', 350000, 2, 4, 0),
  ('Gombe', 450000, 4, 6, 0),
  ('Imo', 250000, 2, 3, 0),
  ('Jigawa', 450000, 4, 7, 0),
  ('Kaduna', 400000, 3, 5, 0),
  ('Kano', 450000, 3, 6, 0),
  ('Katsina', 450000, 4, 6, 0),
  ('Kebbi', 500000, 5, 7, 0),
  ('Kogi', 300000, 2, 4, 0),
  ('Kwara', 350000, 3, 5, 0),
  ('Lagos', 350000, 2, 4, 0),
  ('Nasarawa', 300000, 3, 4, 0),
  ('Niger', 400000, 3, 5, 0),
  ('Ogun', 350000, 3, 5, 0),
  ('Ondo', 350000, 3, 5, 0),
  ('Osun', 350000, 3, 5, 0),
  ('Oyo', 350000, 3, 5, 0),
  ('Plateau', 350000, 3, 5, 0),
  ('Rivers', 250000, 2, 4, 0),
  ('Sokoto', 500000, 5, 7, 0),
  ('Taraba', 400000, 3, 6, 0),
  ('Yobe', 500000, 5, 7, 0),
  ('Zamfara', 500000, 5, 7, 0);
--> statement-breakpoint
-- Free delivery from ₦50,000 (in kobo); an admin can change or remove it.
INSERT INTO `shop_settings` (`key`, `value`, `updated_at`) VALUES ('free_delivery_threshold_kobo', '5000000', 0);
