-- A product's name by its id from a small index rather than its row (which holds the description,
-- directions and warnings): a search of one or two characters sorts the products of one piece of the gram
-- index by name, thousands of them for a common piece (app/models/product-search.server.ts: shortPage).
CREATE INDEX `products_id_name_idx` ON `products` (`id`, `name`);
