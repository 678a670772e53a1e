CREATE TABLE `back_in_stock_requests` (
	`user_id` text NOT NULL,
	`product_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`notified_at` integer,
	PRIMARY KEY(`user_id`, `product_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `back_in_stock_product_idx` ON `back_in_stock_requests` (`product_id`,`created_at`);--> statement-breakpoint
DROP INDEX `products_name_idx`;--> statement-breakpoint
DROP INDEX `products_category_idx`;--> statement-breakpoint
ALTER TABLE `products` ADD `also_known_as` text;--> statement-breakpoint
CREATE INDEX `products_generic_idx` ON `products` ("generic_name" COLLATE NOCASE,`strength`,`name`,`id`);--> statement-breakpoint
CREATE INDEX `products_name_idx` ON `products` (`name`,`id`,`category`,`generic_name`,`also_known_as`);--> statement-breakpoint
CREATE INDEX `products_category_idx` ON `products` (`category`,`name`,`id`,`generic_name`,`also_known_as`);
--> statement-breakpoint
-- Every field a search reads, other names included, in one trigram index: a search of several words finds
-- the products that hold each word in one field or another. products_search (name, category, generic name)
-- stays apart: it answers "holds it as typed" cheaply where a name shares its letters with many other names.
CREATE VIRTUAL TABLE `products_search_all` USING fts5(name, category, generic_name, also_known_as, content='products', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
INSERT INTO products_search_all(products_search_all) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `products_search_all_insert` AFTER INSERT ON `products` BEGIN
  INSERT INTO products_search_all(rowid, name, category, generic_name, also_known_as) VALUES (new.id, new.name, new.category, new.generic_name, new.also_known_as);
END;
--> statement-breakpoint
CREATE TRIGGER `products_search_all_delete` AFTER DELETE ON `products` BEGIN
  INSERT INTO products_search_all(products_search_all, rowid, name, category, generic_name, also_known_as) VALUES ('delete', old.id, old.name, old.category, old.generic_name, old.also_known_as);
END;
--> statement-breakpoint
CREATE TRIGGER `products_search_all_update` AFTER UPDATE OF name, category, generic_name, also_known_as ON `products` BEGIN
  INSERT INTO products_search_all(products_search_all, rowid, name, category, generic_name, also_known_as) VALUES ('delete', old.id, old.name, old.category, old.generic_name, old.also_known_as);
  INSERT INTO products_search_all(rowid, name, category, generic_name, also_known_as) VALUES (new.id, new.name, new.category, new.generic_name, new.also_known_as);
END;
--> statement-breakpoint
-- The words a search may be corrected to (app/models/product-search.server.ts): every run of 3 to 30 letters
-- a-z in a product's name, category, generic name and other names (lowercased), with how many products hold
-- it. Kept by the triggers below; a word no product holds any more keeps its row at 0, which searches skip.
-- search_positions numbers a row's characters: the four fields together stay under 2,000.
WITH RECURSIVE counter(n) AS (SELECT 1001 UNION ALL SELECT n + 1 FROM counter WHERE n < 2000)
INSERT OR IGNORE INTO `search_positions` (`n`) SELECT n FROM counter;
--> statement-breakpoint
CREATE TABLE `search_words` (
	`word` text PRIMARY KEY NOT NULL,
	`products` integer NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
-- Each word with up to two of its letters deleted (a deletion neighbourhood): a misspelt word finds the words
-- within two edits by looking up its own deletions here, an index lookup whatever the catalogue's size.
-- slot1/slot2 say where in the shortened word a letter went (the number of letters kept before it) and
-- char1/char2 which (-1 and '' when none), so the search can tell a substitution or a swap of neighbours
-- from a deletion plus an insertion. Shortened words under 3 letters are not kept (no search reaches them).
CREATE TABLE `search_word_variants` (
	`variant` text NOT NULL,
	`word` text NOT NULL,
	`deleted` integer NOT NULL,
	`slot1` integer NOT NULL,
	`char1` text NOT NULL,
	`slot2` integer NOT NULL,
	`char2` text NOT NULL,
	PRIMARY KEY (`variant`, `word`, `slot1`, `slot2`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TRIGGER `search_word_variants_insert` AFTER INSERT ON `search_words` BEGIN
  INSERT OR IGNORE INTO search_word_variants (variant, word, deleted, slot1, char1, slot2, char2)
  VALUES (new.word, new.word, 0, -1, '', -1, '');
  INSERT OR IGNORE INTO search_word_variants (variant, word, deleted, slot1, char1, slot2, char2)
  SELECT substr(new.word, 1, i.n - 1) || substr(new.word, i.n + 1), new.word, 1, i.n - 1, substr(new.word, i.n, 1), -1, ''
  FROM search_positions AS i WHERE i.n <= length(new.word) AND length(new.word) >= 4;
  INSERT OR IGNORE INTO search_word_variants (variant, word, deleted, slot1, char1, slot2, char2)
  SELECT substr(new.word, 1, i.n - 1) || substr(new.word, i.n + 1, j.n - i.n - 1) || substr(new.word, j.n + 1),
    new.word, 2, i.n - 1, substr(new.word, i.n, 1), j.n - 2, substr(new.word, j.n, 1)
  FROM search_positions AS i JOIN search_positions AS j ON j.n > i.n AND j.n <= length(new.word)
  WHERE length(new.word) >= 5;
END;
--> statement-breakpoint
CREATE TRIGGER `search_words_insert` AFTER INSERT ON `products` BEGIN
  INSERT INTO search_words (word, products)
  SELECT word, 1 FROM (SELECT DISTINCT substr(t.v, s.n, (
      SELECT e.n FROM search_positions AS e
      WHERE e.n > s.n AND substr(t.v, e.n, 1) NOT GLOB '[a-z]' ORDER BY e.n LIMIT 1
    ) - s.n) AS word
    FROM (SELECT lower(new.name || ' ' || new.category || ' ' || ifnull(new.generic_name, '') || ' ' || ifnull(new.also_known_as, '') || ' ') AS v) AS t
    JOIN search_positions AS s ON s.n <= length(t.v)
    WHERE substr(t.v, s.n, 1) GLOB '[a-z]' AND (s.n = 1 OR substr(t.v, s.n - 1, 1) NOT GLOB '[a-z]')) WHERE length(word) BETWEEN 3 AND 30
  ON CONFLICT (word) DO UPDATE SET products = products + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `search_words_delete` AFTER DELETE ON `products` BEGIN
  UPDATE search_words SET products = products - 1 WHERE word IN (
    SELECT DISTINCT substr(t.v, s.n, (
      SELECT e.n FROM search_positions AS e
      WHERE e.n > s.n AND substr(t.v, e.n, 1) NOT GLOB '[a-z]' ORDER BY e.n LIMIT 1
    ) - s.n) AS word
    FROM (SELECT lower(old.name || ' ' || old.category || ' ' || ifnull(old.generic_name, '') || ' ' || ifnull(old.also_known_as, '') || ' ') AS v) AS t
    JOIN search_positions AS s ON s.n <= length(t.v)
    WHERE substr(t.v, s.n, 1) GLOB '[a-z]' AND (s.n = 1 OR substr(t.v, s.n - 1, 1) NOT GLOB '[a-z]'));
END;
--> statement-breakpoint
CREATE TRIGGER `search_words_update` AFTER UPDATE OF name, category, generic_name, also_known_as ON `products` BEGIN
  UPDATE search_words SET products = products - 1 WHERE word IN (
    SELECT DISTINCT substr(t.v, s.n, (
      SELECT e.n FROM search_positions AS e
      WHERE e.n > s.n AND substr(t.v, e.n, 1) NOT GLOB '[a-z]' ORDER BY e.n LIMIT 1
    ) - s.n) AS word
    FROM (SELECT lower(old.name || ' ' || old.category || ' ' || ifnull(old.generic_name, '') || ' ' || ifnull(old.also_known_as, '') || ' ') AS v) AS t
    JOIN search_positions AS s ON s.n <= length(t.v)
    WHERE substr(t.v, s.n, 1) GLOB '[a-z]' AND (s.n = 1 OR substr(t.v, s.n - 1, 1) NOT GLOB '[a-z]'));
  INSERT INTO search_words (word, products)
  SELECT word, 1 FROM (SELECT DISTINCT substr(t.v, s.n, (
      SELECT e.n FROM search_positions AS e
      WHERE e.n > s.n AND substr(t.v, e.n, 1) NOT GLOB '[a-z]' ORDER BY e.n LIMIT 1
    ) - s.n) AS word
    FROM (SELECT lower(new.name || ' ' || new.category || ' ' || ifnull(new.generic_name, '') || ' ' || ifnull(new.also_known_as, '') || ' ') AS v) AS t
    JOIN search_positions AS s ON s.n <= length(t.v)
    WHERE substr(t.v, s.n, 1) GLOB '[a-z]' AND (s.n = 1 OR substr(t.v, s.n - 1, 1) NOT GLOB '[a-z]')) WHERE length(word) BETWEEN 3 AND 30
  ON CONFLICT (word) DO UPDATE SET products = products + 1;
END;
--> statement-breakpoint
INSERT INTO `search_words` (`word`, `products`)
SELECT word, count(*) FROM (
  SELECT DISTINCT t.id, substr(t.v, s.n, (
    SELECT e.n FROM search_positions AS e
    WHERE e.n > s.n AND substr(t.v, e.n, 1) NOT GLOB '[a-z]' ORDER BY e.n LIMIT 1
  ) - s.n) AS word
  FROM (SELECT id, lower(name || ' ' || category || ' ' || ifnull(generic_name, '') || ' ' || ifnull(also_known_as, '') || ' ') AS v FROM products) AS t
  JOIN search_positions AS s ON s.n <= length(t.v)
  WHERE substr(t.v, s.n, 1) GLOB '[a-z]' AND (s.n = 1 OR substr(t.v, s.n - 1, 1) NOT GLOB '[a-z]')
) WHERE length(word) BETWEEN 3 AND 30 GROUP BY word;