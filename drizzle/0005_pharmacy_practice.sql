-- Pharmacy practice: product information and stock, prescription-only medicines reviewed by pharmacists.
-- prescriptions is rebuilt so a guest's prescription (no account) can exist; nothing references it yet.
CREATE TABLE `prescription_reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` text NOT NULL,
	`decision` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`reviewer_id` text,
	`reviewer_name` text NOT NULL,
	`reviewer_pcn` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `prescription_reviews_order_idx` ON `prescription_reviews` (`order_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `__new_prescriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`image_key` text NOT NULL,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`consent_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_prescriptions`("id", "user_id", "image_key", "content_type", "size_bytes", "consent_at", "created_at") SELECT "id", "user_id", "image_key", "content_type", "size_bytes", "consent_at", "created_at" FROM `prescriptions`;--> statement-breakpoint
DROP TABLE `prescriptions`;--> statement-breakpoint
ALTER TABLE `__new_prescriptions` RENAME TO `prescriptions`;--> statement-breakpoint
CREATE INDEX `prescriptions_user_idx` ON `prescriptions` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `prescriptions_created_idx` ON `prescriptions` (`created_at`);--> statement-breakpoint
ALTER TABLE `orders` ADD `prescription_id` text REFERENCES prescriptions(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `review_status` text;--> statement-breakpoint
CREATE INDEX `orders_review_idx` ON `orders` (`review_status`,`created_at`);--> statement-breakpoint
ALTER TABLE `products` ADD `generic_name` text;--> statement-breakpoint
ALTER TABLE `products` ADD `strength` text;--> statement-breakpoint
ALTER TABLE `products` ADD `dosage_form` text;--> statement-breakpoint
ALTER TABLE `products` ADD `pack_size` text;--> statement-breakpoint
ALTER TABLE `products` ADD `manufacturer` text;--> statement-breakpoint
ALTER TABLE `products` ADD `nafdac_number` text;--> statement-breakpoint
ALTER TABLE `products` ADD `medicine_class` text DEFAULT 'otc' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `description` text;--> statement-breakpoint
ALTER TABLE `products` ADD `directions` text;--> statement-breakpoint
ALTER TABLE `products` ADD `warnings` text;--> statement-breakpoint
ALTER TABLE `products` ADD `stock` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `pcn_number` text;
--> statement-breakpoint
-- Stock never goes below zero: a checkout's decrement fails, and its whole batch (the order) with it.
CREATE TRIGGER `products_stock_never_negative` BEFORE UPDATE OF stock ON `products`
WHEN new.stock IS NOT NULL AND new.stock < 0 BEGIN
  SELECT RAISE(ABORT, 'products_stock_insufficient');
END;
--> statement-breakpoint
CREATE TRIGGER `products_stock_insert_not_negative` BEFORE INSERT ON `products`
WHEN new.stock IS NOT NULL AND new.stock < 0 BEGIN
  SELECT RAISE(ABORT, 'products_stock_insufficient');
END;
--> statement-breakpoint
-- Search also matches the generic name: the trigram index is rebuilt with it.
DROP TRIGGER `products_search_insert`;
--> statement-breakpoint
DROP TRIGGER `products_search_delete`;
--> statement-breakpoint
DROP TRIGGER `products_search_update`;
--> statement-breakpoint
DROP TABLE `products_search`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `products_search` USING fts5(name, category, generic_name, content='products', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
INSERT INTO products_search(products_search) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `products_search_insert` AFTER INSERT ON `products` BEGIN
  INSERT INTO products_search(rowid, name, category, generic_name) VALUES (new.id, new.name, new.category, new.generic_name);
END;
--> statement-breakpoint
CREATE TRIGGER `products_search_delete` AFTER DELETE ON `products` BEGIN
  INSERT INTO products_search(products_search, rowid, name, category, generic_name) VALUES ('delete', old.id, old.name, old.category, old.generic_name);
END;
--> statement-breakpoint
CREATE TRIGGER `products_search_update` AFTER UPDATE OF name, category, generic_name ON `products` BEGIN
  INSERT INTO products_search(products_search, rowid, name, category, generic_name) VALUES ('delete', old.id, old.name, old.category, old.generic_name);
  INSERT INTO products_search(rowid, name, category, generic_name) VALUES (new.id, new.name, new.category, new.generic_name);
END;
