CREATE TABLE `catalogue_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	CONSTRAINT "catalogue_version_one_row" CHECK("catalogue_version"."id" = 1)
);
--> statement-breakpoint
-- Every write to products (admin edits, API price changes, images, stock taken by an order or given back by
-- a cancel) moves the version on, whichever code path made it; categories are derived from products. A random
-- number rather than a counter: a database restored or rebuilt from the same migrations never reaches a
-- version an older catalogue already had.
INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, abs(random()));
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_insert` AFTER INSERT ON `products` BEGIN
  UPDATE catalogue_version SET version = abs(random()) WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_update` AFTER UPDATE ON `products` BEGIN
  UPDATE catalogue_version SET version = abs(random()) WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_version_delete` AFTER DELETE ON `products` BEGIN
  UPDATE catalogue_version SET version = abs(random()) WHERE id = 1;
END;
