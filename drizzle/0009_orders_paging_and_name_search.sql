-- Admin › Orders at 100,000 orders: indexes that order by date and id without a sort, and a trigram index on
-- the customer's name so a name search reads the index instead of every order.
DROP INDEX `orders_created_idx`;--> statement-breakpoint
DROP INDEX `orders_status_idx`;--> statement-breakpoint
DROP INDEX `orders_payment_idx`;--> statement-breakpoint
CREATE INDEX `orders_created_idx` ON `orders` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `orders_status_idx` ON `orders` (`delivery_status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `orders_payment_idx` ON `orders` (`payment_status`,`created_at`,`id`);
--> statement-breakpoint
-- Keyed by the orders' rowid (D1 offers no VACUUM, the one thing that could renumber it; were it ever run,
-- INSERT INTO orders_name_search(orders_name_search) VALUES ('rebuild') makes the index whole again).
CREATE VIRTUAL TABLE `orders_name_search` USING fts5(name, content='orders', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
INSERT INTO orders_name_search(orders_name_search) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `orders_name_search_insert` AFTER INSERT ON `orders` BEGIN
  INSERT INTO orders_name_search(rowid, name) VALUES (new.rowid, new.name);
END;
--> statement-breakpoint
CREATE TRIGGER `orders_name_search_delete` AFTER DELETE ON `orders` BEGIN
  INSERT INTO orders_name_search(orders_name_search, rowid, name) VALUES ('delete', old.rowid, old.name);
END;
--> statement-breakpoint
CREATE TRIGGER `orders_name_search_update` AFTER UPDATE OF name ON `orders` BEGIN
  INSERT INTO orders_name_search(orders_name_search, rowid, name) VALUES ('delete', old.rowid, old.name);
  INSERT INTO orders_name_search(rowid, name) VALUES (new.rowid, new.name);
END;
