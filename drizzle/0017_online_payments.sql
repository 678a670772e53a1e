-- Online payments through the gateway: each attempt to pay an order (its own reference, as the gateway
-- requires one per transaction), and each gateway notification processed, by id, so a replay is seen.
CREATE TABLE `payment_attempts` (
	`reference` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`amount_kobo` integer NOT NULL,
	`currency` text DEFAULT 'NGN' NOT NULL,
	`authorization_url` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`gateway_id` text,
	`refund_requested_at` integer,
	`checked_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "payment_attempts_status_values" CHECK("payment_attempts"."status" IN ('pending', 'success', 'failed', 'abandoned')),
	CONSTRAINT "payment_attempts_amount_positive" CHECK("payment_attempts"."amount_kobo" > 0)
);
--> statement-breakpoint
CREATE INDEX `payment_attempts_order_idx` ON `payment_attempts` (`order_id`,`created_at`);
--> statement-breakpoint
CREATE INDEX `payment_attempts_status_idx` ON `payment_attempts` (`status`,`created_at`);
--> statement-breakpoint
CREATE TABLE `payment_events` (
	`id` text PRIMARY KEY NOT NULL,
	`event` text NOT NULL,
	`reference` text,
	`outcome` text NOT NULL,
	`received_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
DROP TRIGGER `orders_payment_method_values_insert`;
--> statement-breakpoint
DROP TRIGGER `orders_payment_method_values_update`;
--> statement-breakpoint
DROP TRIGGER `orders_payment_status_values_insert`;
--> statement-breakpoint
DROP TRIGGER `orders_payment_status_values_update`;
--> statement-breakpoint
CREATE TRIGGER `orders_payment_method_values_insert` BEFORE INSERT ON `orders`
WHEN new.payment_method NOT IN ('pay_on_delivery', 'bank_transfer', 'paystack') BEGIN
  SELECT RAISE(ABORT, 'orders_payment_method_unknown');
END;
--> statement-breakpoint
CREATE TRIGGER `orders_payment_method_values_update` BEFORE UPDATE OF payment_method ON `orders`
WHEN new.payment_method NOT IN ('pay_on_delivery', 'bank_transfer', 'paystack') BEGIN
  SELECT RAISE(ABORT, 'orders_payment_method_unknown');
END;
--> statement-breakpoint
CREATE TRIGGER `orders_payment_status_values_insert` BEFORE INSERT ON `orders`
WHEN new.payment_status NOT IN ('unpaid', 'paid', 'failed', 'refund_pending', 'refunded') BEGIN
  SELECT RAISE(ABORT, 'orders_payment_status_unknown');
END;
--> statement-breakpoint
CREATE TRIGGER `orders_payment_status_values_update` BEFORE UPDATE OF payment_status ON `orders`
WHEN new.payment_status NOT IN ('unpaid', 'paid', 'failed', 'refund_pending', 'refunded') BEGIN
  SELECT RAISE(ABORT, 'orders_payment_status_unknown');
END;
