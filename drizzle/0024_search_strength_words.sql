-- Strengths, codes and hyphenated names as words: beside the runs of letters, product_words holds each run
-- of letters and digits that has both ("500mg", "100ml", "b12") and each run of letters, digits and hyphens
-- that has a hyphen ("co-amoxiclav", "b-complex"), 3 to 30 characters, lowercased. A search of such a word
-- ("paracetamol 500mg", "co-amoxiclav") then reads the postings in name order as a search of words does
-- (app/models/product-search.server.ts). Digits alone ("30", "#4321") are no word: such searches take the
-- trigram index. The vocabulary counts these words too; they are never corrections, so they get no
-- deletion variants.
DROP TRIGGER `search_word_variants_insert`;
--> statement-breakpoint
CREATE TRIGGER `search_word_variants_insert` AFTER INSERT ON `search_words` WHEN new.word GLOB '[a-z]*' AND new.word NOT GLOB '*[^a-z]*' BEGIN
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
INSERT INTO `product_words` (`word`, `name`, `product_id`, `other`)
SELECT word, name, id, min(other) FROM (
    SELECT * FROM (SELECT t.id, t.name, t.other, substr(t.v, s.n, (
      SELECT e.n FROM search_positions AS e
      WHERE e.n > s.n AND substr(t.v, e.n, 1) NOT GLOB '[a-z0-9]' ORDER BY e.n LIMIT 1
    ) - s.n) AS word
    FROM (SELECT id, name, 0 AS other, lower(name || ' ' || category || ' ' || ifnull(generic_name, '') || ' ') AS v FROM products
      UNION ALL
      SELECT id, name, 1, lower(also_known_as || ' ') FROM products WHERE also_known_as IS NOT NULL) AS t
    JOIN search_positions AS s ON s.n <= length(t.v)
    WHERE substr(t.v, s.n, 1) GLOB '[a-z0-9]' AND (s.n = 1 OR substr(t.v, s.n - 1, 1) NOT GLOB '[a-z0-9]')) WHERE word GLOB '*[0-9]*' AND word GLOB '*[a-z]*'
    UNION ALL
    SELECT * FROM (SELECT t.id, t.name, t.other, substr(t.v, s.n, (
      SELECT e.n FROM search_positions AS e
      WHERE e.n > s.n AND substr(t.v, e.n, 1) NOT GLOB '[a-z0-9-]' ORDER BY e.n LIMIT 1
    ) - s.n) AS word
    FROM (SELECT id, name, 0 AS other, lower(name || ' ' || category || ' ' || ifnull(generic_name, '') || ' ') AS v FROM products
      UNION ALL
      SELECT id, name, 1, lower(also_known_as || ' ') FROM products WHERE also_known_as IS NOT NULL) AS t
    JOIN search_positions AS s ON s.n <= length(t.v)
    WHERE substr(t.v, s.n, 1) GLOB '[a-z0-9-]' AND (s.n = 1 OR substr(t.v, s.n - 1, 1) NOT GLOB '[a-z0-9-]')) WHERE word GLOB '*-*' AND word GLOB '*[a-z0-9]*'
) WHERE length(word) BETWEEN 3 AND 30 GROUP BY word, name, id ORDER BY word, name, id;
--> statement-breakpoint
CREATE TRIGGER `product_strength_words_insert` AFTER INSERT ON `products` BEGIN
  INSERT INTO product_words (word, name, product_id, other)
  SELECT word, new.name, new.id, min(other) FROM (
    SELECT * FROM (SELECT t.other, substr(t.v, s.n, (
      SELECT e.n FROM search_positions AS e
      WHERE e.n > s.n AND substr(t.v, e.n, 1) NOT GLOB '[a-z0-9]' ORDER BY e.n LIMIT 1
    ) - s.n) AS word
    FROM (SELECT 0 AS other, lower(new.name || ' ' || new.category || ' ' || ifnull(new.generic_name, '') || ' ') AS v
      UNION ALL SELECT 1, lower(ifnull(new.also_known_as, '') || ' ')) AS t
    JOIN search_positions AS s ON s.n <= length(t.v)
    WHERE substr(t.v, s.n, 1) GLOB '[a-z0-9]' AND (s.n = 1 OR substr(t.v, s.n - 1, 1) NOT GLOB '[a-z0-9]')) WHERE word GLOB '*[0-9]*' AND word GLOB '*[a-z]*'
    UNION ALL
    SELECT * FROM (SELECT t.other, substr(t.v, s.n, (
      SELECT e.n FROM search_positions AS e
      WHERE e.n > s.n AND substr(t.v, e.n, 1) NOT GLOB '[a-z0-9-]' ORDER BY e.n LIMIT 1
    ) - s.n) AS word
    FROM (SELECT 0 AS other, lower(new.name || ' ' || new.category || ' ' || ifnull(new.generic_name, '') || ' ') AS v
      UNION ALL SELECT 1, lower(ifnull(new.also_known_as, '') || ' ')) AS t
    JOIN search_positions AS s ON s.n <= length(t.v)
    WHERE substr(t.v, s.n, 1) GLOB '[a-z0-9-]' AND (s.n = 1 OR substr(t.v, s.n - 1, 1) NOT GLOB '[a-z0-9-]')) WHERE word GLOB '*-*' AND word GLOB '*[a-z0-9]*'
  ) WHERE length(word) BETWEEN 3 AND 30 GROUP BY word;
END;
--> statement-breakpoint
CREATE TRIGGER `product_strength_words_delete` AFTER DELETE ON `products` BEGIN
  DELETE FROM product_words WHERE name = old.name AND product_id = old.id AND word IN (
    SELECT * FROM (SELECT substr(t.v, s.n, (
      SELECT e.n FROM search_positions AS e
      WHERE e.n > s.n AND substr(t.v, e.n, 1) NOT GLOB '[a-z0-9]' ORDER BY e.n LIMIT 1
    ) - s.n) AS word
    FROM (SELECT lower(old.name || ' ' || old.category || ' ' || ifnull(old.generic_name, '') || ' ' || ifnull(old.also_known_as, '') || ' ') AS v) AS t
    JOIN search_positions AS s ON s.n <= length(t.v)
    WHERE substr(t.v, s.n, 1) GLOB '[a-z0-9]' AND (s.n = 1 OR substr(t.v, s.n - 1, 1) NOT GLOB '[a-z0-9]')) WHERE word GLOB '*[0-9]*' AND word GLOB '*[a-z]*'
    UNION ALL
    SELECT * FROM (SELECT substr(t.v, s.n, (
      SELECT e.n FROM search_positions AS e
      WHERE e.n > s.n AND substr(t.v, e.n, 1) NOT GLOB '[a-z0-9-]' ORDER BY e.n LIMIT 1
    ) - s.n) AS word
    FROM (SELECT lower(old.name || ' ' || old.category || ' ' || ifnull(old.generic_name, '') || ' ' || ifnull(old.also_known_as, '') || ' ') AS v) AS t
    JOIN search_positions AS s ON s.n <= length(t.v)
    WHERE substr(t.v, s.n, 1) GLOB '[a-z0-9-]' AND (s.n = 1 OR substr(t.v, s.n - 1, 1) NOT GLOB '[a-z0-9-]')) WHERE word GLOB '*-*' AND word GLOB '*[a-z0-9]*'
  );
END;
--> statement-breakpoint
CREATE TRIGGER `product_strength_words_update` AFTER UPDATE OF name, category, generic_name, also_known_as ON `products` BEGIN
  DELETE FROM product_words WHERE name = old.name AND product_id = old.id AND word IN (
    SELECT * FROM (SELECT substr(t.v, s.n, (
      SELECT e.n FROM search_positions AS e
      WHERE e.n > s.n AND substr(t.v, e.n, 1) NOT GLOB '[a-z0-9]' ORDER BY e.n LIMIT 1
    ) - s.n) AS word
    FROM (SELECT lower(old.name || ' ' || old.category || ' ' || ifnull(old.generic_name, '') || ' ' || ifnull(old.also_known_as, '') || ' ') AS v) AS t
    JOIN search_positions AS s ON s.n <= length(t.v)
    WHERE substr(t.v, s.n, 1) GLOB '[a-z0-9]' AND (s.n = 1 OR substr(t.v, s.n - 1, 1) NOT GLOB '[a-z0-9]')) WHERE word GLOB '*[0-9]*' AND word GLOB '*[a-z]*'
    UNION ALL
    SELECT * FROM (SELECT substr(t.v, s.n, (
      SELECT e.n FROM search_positions AS e
      WHERE e.n > s.n AND substr(t.v, e.n, 1) NOT GLOB '[a-z0-9-]' ORDER BY e.n LIMIT 1
    ) - s.n) AS word
    FROM (SELECT lower(old.name || ' ' || old.category || ' ' || ifnull(old.generic_name, '') || ' ' || ifnull(old.also_known_as, '') || ' ') AS v) AS t
    JOIN search_positions AS s ON s.n <= length(t.v)
    WHERE substr(t.v, s.n, 1) GLOB '[a-z0-9-]' AND (s.n = 1 OR substr(t.v, s.n - 1, 1) NOT GLOB '[a-z0-9-]')) WHERE word GLOB '*-*' AND word GLOB '*[a-z0-9]*'
  );
  INSERT INTO product_words (word, name, product_id, other)
  SELECT word, new.name, new.id, min(other) FROM (
    SELECT * FROM (SELECT t.other, substr(t.v, s.n, (
      SELECT e.n FROM search_positions AS e
      WHERE e.n > s.n AND substr(t.v, e.n, 1) NOT GLOB '[a-z0-9]' ORDER BY e.n LIMIT 1
    ) - s.n) AS word
    FROM (SELECT 0 AS other, lower(new.name || ' ' || new.category || ' ' || ifnull(new.generic_name, '') || ' ') AS v
      UNION ALL SELECT 1, lower(ifnull(new.also_known_as, '') || ' ')) AS t
    JOIN search_positions AS s ON s.n <= length(t.v)
    WHERE substr(t.v, s.n, 1) GLOB '[a-z0-9]' AND (s.n = 1 OR substr(t.v, s.n - 1, 1) NOT GLOB '[a-z0-9]')) WHERE word GLOB '*[0-9]*' AND word GLOB '*[a-z]*'
    UNION ALL
    SELECT * FROM (SELECT t.other, substr(t.v, s.n, (
      SELECT e.n FROM search_positions AS e
      WHERE e.n > s.n AND substr(t.v, e.n, 1) NOT GLOB '[a-z0-9-]' ORDER BY e.n LIMIT 1
    ) - s.n) AS word
    FROM (SELECT 0 AS other, lower(new.name || ' ' || new.category || ' ' || ifnull(new.generic_name, '') || ' ') AS v
      UNION ALL SELECT 1, lower(ifnull(new.also_known_as, '') || ' ')) AS t
    JOIN search_positions AS s ON s.n <= length(t.v)
    WHERE substr(t.v, s.n, 1) GLOB '[a-z0-9-]' AND (s.n = 1 OR substr(t.v, s.n - 1, 1) NOT GLOB '[a-z0-9-]')) WHERE word GLOB '*-*' AND word GLOB '*[a-z0-9]*'
  ) WHERE length(word) BETWEEN 3 AND 30 GROUP BY word;
END;
