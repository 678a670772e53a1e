-- Substring search over name and category that stays indexed at 100,000+ products: an external-content
-- FTS5 table with the trigram tokenizer (case-insensitive), kept in sync by triggers.
CREATE VIRTUAL TABLE `products_search` USING fts5(name, category, content='products', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER `products_search_insert` AFTER INSERT ON `products` BEGIN
  INSERT INTO products_search(rowid, name, category) VALUES (new.id, new.name, new.category);
END;
--> statement-breakpoint
CREATE TRIGGER `products_search_delete` AFTER DELETE ON `products` BEGIN
  INSERT INTO products_search(products_search, rowid, name, category) VALUES ('delete', old.id, old.name, old.category);
END;
--> statement-breakpoint
CREATE TRIGGER `products_search_update` AFTER UPDATE OF name, category ON `products` BEGIN
  INSERT INTO products_search(products_search, rowid, name, category) VALUES ('delete', old.id, old.name, old.category);
  INSERT INTO products_search(rowid, name, category) VALUES (new.id, new.name, new.category);
END;
