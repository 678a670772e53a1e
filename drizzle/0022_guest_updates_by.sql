-- How a guest hears about an order (SMS or WhatsApp to the checkout phone), chosen at checkout; every
-- order written before this heard by SMS.
ALTER TABLE `orders` ADD `updates_by` text DEFAULT 'sms' NOT NULL;
--> statement-breakpoint
CREATE TRIGGER `orders_updates_by_values_insert` BEFORE INSERT ON `orders`
WHEN new.updates_by NOT IN ('sms', 'whatsapp') BEGIN
  SELECT RAISE(ABORT, 'orders_updates_by_unknown');
END;
--> statement-breakpoint
CREATE TRIGGER `orders_updates_by_values_update` BEFORE UPDATE OF updates_by ON `orders`
WHEN new.updates_by NOT IN ('sms', 'whatsapp') BEGIN
  SELECT RAISE(ABORT, 'orders_updates_by_unknown');
END;
