DROP INDEX `products_name_idx`;--> statement-breakpoint
DROP INDEX `products_category_idx`;--> statement-breakpoint
CREATE INDEX `products_name_idx` ON `products` (`name`,`id`,`category`,`generic_name`);--> statement-breakpoint
CREATE INDEX `products_category_idx` ON `products` (`category`,`name`,`id`,`generic_name`);--> statement-breakpoint
-- Searches of one or two characters, which the trigram index cannot answer: every distinct 1- and
-- 2-character piece of a product's name, category and generic name (lowercased like LIKE folds case), keyed
-- with the first 8 bytes of the name so one piece's products come out nearly alphabetical and a page is
-- found without sorting them all. Kept by the triggers below. search_positions numbers the characters
-- (triggers cannot use WITH, and D1 refuses long UNIONs), enough for the 200-character name and generic name.
CREATE TABLE `search_positions` (`n` integer PRIMARY KEY NOT NULL);
--> statement-breakpoint
WITH RECURSIVE counter(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM counter WHERE n < 1000)
INSERT INTO `search_positions` (`n`) SELECT n FROM counter;
--> statement-breakpoint
CREATE TABLE `product_grams` (
	`gram` text NOT NULL,
	`name_prefix` blob NOT NULL,
	`product_id` integer NOT NULL,
	PRIMARY KEY (`gram`, `name_prefix`, `product_id`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT OR IGNORE INTO `product_grams` (`gram`, `name_prefix`, `product_id`)
SELECT lower(substr(t.v, p.n, k.k)), substr(CAST(t.name AS BLOB), 1, 8), t.id
FROM (
  SELECT id, name, CASE w.n WHEN 1 THEN name WHEN 2 THEN category ELSE generic_name END AS v
  FROM products, search_positions AS w WHERE w.n <= 3
) AS t
JOIN search_positions AS p ON p.n <= length(t.v)
JOIN (SELECT n AS k FROM search_positions WHERE n <= 2) AS k ON p.n + k.k - 1 <= length(t.v)
ORDER BY 1, 2, 3;
--> statement-breakpoint
CREATE TRIGGER `product_grams_insert` AFTER INSERT ON `products` BEGIN
  INSERT OR IGNORE INTO product_grams (gram, name_prefix, product_id)
  SELECT lower(substr(t.v, p.n, k.k)), substr(CAST(new.name AS BLOB), 1, 8), new.id
  FROM (SELECT CASE w.n WHEN 1 THEN new.name WHEN 2 THEN new.category ELSE new.generic_name END AS v
    FROM search_positions AS w WHERE w.n <= 3) AS t
  JOIN search_positions AS p ON p.n <= length(t.v)
  JOIN (SELECT n AS k FROM search_positions WHERE n <= 2) AS k ON p.n + k.k - 1 <= length(t.v);
END;
--> statement-breakpoint
CREATE TRIGGER `product_grams_delete` AFTER DELETE ON `products` BEGIN
  DELETE FROM product_grams
  WHERE name_prefix = substr(CAST(old.name AS BLOB), 1, 8) AND product_id = old.id AND gram IN (
    SELECT lower(substr(t.v, p.n, k.k))
    FROM (SELECT CASE w.n WHEN 1 THEN old.name WHEN 2 THEN old.category ELSE old.generic_name END AS v
    FROM search_positions AS w WHERE w.n <= 3) AS t
    JOIN search_positions AS p ON p.n <= length(t.v)
    JOIN (SELECT n AS k FROM search_positions WHERE n <= 2) AS k ON p.n + k.k - 1 <= length(t.v)
  );
END;
--> statement-breakpoint
CREATE TRIGGER `product_grams_update` AFTER UPDATE OF name, category, generic_name ON `products` BEGIN
  DELETE FROM product_grams
  WHERE name_prefix = substr(CAST(old.name AS BLOB), 1, 8) AND product_id = old.id AND gram IN (
    SELECT lower(substr(t.v, p.n, k.k))
    FROM (SELECT CASE w.n WHEN 1 THEN old.name WHEN 2 THEN old.category ELSE old.generic_name END AS v
    FROM search_positions AS w WHERE w.n <= 3) AS t
    JOIN search_positions AS p ON p.n <= length(t.v)
    JOIN (SELECT n AS k FROM search_positions WHERE n <= 2) AS k ON p.n + k.k - 1 <= length(t.v)
  );
  INSERT OR IGNORE INTO product_grams (gram, name_prefix, product_id)
  SELECT lower(substr(t.v, p.n, k.k)), substr(CAST(new.name AS BLOB), 1, 8), new.id
  FROM (SELECT CASE w.n WHEN 1 THEN new.name WHEN 2 THEN new.category ELSE new.generic_name END AS v
    FROM search_positions AS w WHERE w.n <= 3) AS t
  JOIN search_positions AS p ON p.n <= length(t.v)
  JOIN (SELECT n AS k FROM search_positions WHERE n <= 2) AS k ON p.n + k.k - 1 <= length(t.v);
END;
