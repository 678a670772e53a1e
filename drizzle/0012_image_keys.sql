CREATE INDEX `orders_receipt_idx` ON `orders` (`receipt_key`) WHERE "orders"."receipt_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `prescriptions_image_idx` ON `prescriptions` (`image_key`);