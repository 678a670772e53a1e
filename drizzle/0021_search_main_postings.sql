-- The postings of words held in a product's name, category or generic name (`other` = 0), in the same order
-- as product_words: the first tier of a search reads these alone (app/models/product-search.server.ts), so a
-- word held mostly in other names (a brand, "vit") costs it nothing. SQLite keeps the index with the table.
CREATE INDEX `product_words_main` ON `product_words` (`word`, `name`, `product_id`) WHERE `other` = 0;
