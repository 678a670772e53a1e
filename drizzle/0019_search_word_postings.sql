-- Every catalogue word (search_words' words: runs of 3 to 30 letters a-z, lowercased) with each product that
-- holds it, keyed in name order: the products of a word come out alphabetically from the index alone, and
-- the products of a few words merge in order, so a search's page is found without sorting its matches
-- (app/models/product-search.server.ts). `other` is 1 when the product holds the word in its other names
-- only (a tier-1 match), 0 when in its name, category or generic name.
-- One truth: the triggers on products cut the words here, and search_words counts these rows (its own
-- triggers on products go), so the vocabulary and the postings cannot disagree.
DROP TRIGGER `search_words_insert`;
--> statement-breakpoint
DROP TRIGGER `search_words_delete`;
--> statement-breakpoint
DROP TRIGGER `search_words_update`;
--> statement-breakpoint
CREATE TABLE `product_words` (
	`word` text NOT NULL,
	`name` text NOT NULL,
	`product_id` integer NOT NULL,
	`other` integer NOT NULL,
	PRIMARY KEY (`word`, `name`, `product_id`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `product_words` (`word`, `name`, `product_id`, `other`)
SELECT word, name, id, min(other) FROM (
  SELECT t.id, t.name, t.other, substr(t.v, s.n, (
    SELECT e.n FROM search_positions AS e
    WHERE e.n > s.n AND substr(t.v, e.n, 1) NOT GLOB '[a-z]' ORDER BY e.n LIMIT 1
  ) - s.n) AS word
  FROM (
    SELECT id, name, 0 AS other, lower(name || ' ' || category || ' ' || ifnull(generic_name, '') || ' ') AS v FROM products
    UNION ALL
    SELECT id, name, 1, lower(also_known_as || ' ') FROM products WHERE also_known_as IS NOT NULL
  ) AS t
  JOIN search_positions AS s ON s.n <= length(t.v)
  WHERE substr(t.v, s.n, 1) GLOB '[a-z]' AND (s.n = 1 OR substr(t.v, s.n - 1, 1) NOT GLOB '[a-z]')
) WHERE length(word) BETWEEN 3 AND 30 GROUP BY word, name, id ORDER BY word, name, id;
--> statement-breakpoint
CREATE TRIGGER `product_words_count_insert` AFTER INSERT ON `product_words` BEGIN
  INSERT INTO search_words (word, products) VALUES (new.word, 1)
  ON CONFLICT (word) DO UPDATE SET products = products + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `product_words_count_delete` AFTER DELETE ON `product_words` BEGIN
  UPDATE search_words SET products = products - 1 WHERE word = old.word;
END;
--> statement-breakpoint
CREATE TRIGGER `product_words_insert` AFTER INSERT ON `products` BEGIN
  INSERT INTO product_words (word, name, product_id, other)
  SELECT word, new.name, new.id, min(other) FROM (
    SELECT t.other, substr(t.v, s.n, (
      SELECT e.n FROM search_positions AS e
      WHERE e.n > s.n AND substr(t.v, e.n, 1) NOT GLOB '[a-z]' ORDER BY e.n LIMIT 1
    ) - s.n) AS word
    FROM (
      SELECT 0 AS other, lower(new.name || ' ' || new.category || ' ' || ifnull(new.generic_name, '') || ' ') AS v
      UNION ALL SELECT 1, lower(ifnull(new.also_known_as, '') || ' ')
    ) AS t
    JOIN search_positions AS s ON s.n <= length(t.v)
    WHERE substr(t.v, s.n, 1) GLOB '[a-z]' AND (s.n = 1 OR substr(t.v, s.n - 1, 1) NOT GLOB '[a-z]')
  ) WHERE length(word) BETWEEN 3 AND 30 GROUP BY word;
END;
--> statement-breakpoint
CREATE TRIGGER `product_words_delete` AFTER DELETE ON `products` BEGIN
  DELETE FROM product_words WHERE name = old.name AND product_id = old.id AND word IN (
    SELECT substr(t.v, s.n, (
      SELECT e.n FROM search_positions AS e
      WHERE e.n > s.n AND substr(t.v, e.n, 1) NOT GLOB '[a-z]' ORDER BY e.n LIMIT 1
    ) - s.n)
    FROM (SELECT lower(old.name || ' ' || old.category || ' ' || ifnull(old.generic_name, '') || ' ' || ifnull(old.also_known_as, '') || ' ') AS v) AS t
    JOIN search_positions AS s ON s.n <= length(t.v)
    WHERE substr(t.v, s.n, 1) GLOB '[a-z]' AND (s.n = 1 OR substr(t.v, s.n - 1, 1) NOT GLOB '[a-z]'));
END;
--> statement-breakpoint
CREATE TRIGGER `product_words_update` AFTER UPDATE OF name, category, generic_name, also_known_as ON `products` BEGIN
  DELETE FROM product_words WHERE name = old.name AND product_id = old.id AND word IN (
    SELECT substr(t.v, s.n, (
      SELECT e.n FROM search_positions AS e
      WHERE e.n > s.n AND substr(t.v, e.n, 1) NOT GLOB '[a-z]' ORDER BY e.n LIMIT 1
    ) - s.n)
    FROM (SELECT lower(old.name || ' ' || old.category || ' ' || ifnull(old.generic_name, '') || ' ' || ifnull(old.also_known_as, '') || ' ') AS v) AS t
    JOIN search_positions AS s ON s.n <= length(t.v)
    WHERE substr(t.v, s.n, 1) GLOB '[a-z]' AND (s.n = 1 OR substr(t.v, s.n - 1, 1) NOT GLOB '[a-z]'));
  INSERT INTO product_words (word, name, product_id, other)
  SELECT word, new.name, new.id, min(other) FROM (
    SELECT t.other, substr(t.v, s.n, (
      SELECT e.n FROM search_positions AS e
      WHERE e.n > s.n AND substr(t.v, e.n, 1) NOT GLOB '[a-z]' ORDER BY e.n LIMIT 1
    ) - s.n) AS word
    FROM (
      SELECT 0 AS other, lower(new.name || ' ' || new.category || ' ' || ifnull(new.generic_name, '') || ' ') AS v
      UNION ALL SELECT 1, lower(ifnull(new.also_known_as, '') || ' ')
    ) AS t
    JOIN search_positions AS s ON s.n <= length(t.v)
    WHERE substr(t.v, s.n, 1) GLOB '[a-z]' AND (s.n = 1 OR substr(t.v, s.n - 1, 1) NOT GLOB '[a-z]')
  ) WHERE length(word) BETWEEN 3 AND 30 GROUP BY word;
END;
