-- When the gateway reported that it could not send an attempt's money back: staff then return it another
-- way and mark the order refunded by hand. The order's timeline records the report as its own kind.
ALTER TABLE `payment_attempts` ADD `refund_failed_at` integer;
--> statement-breakpoint
DROP TRIGGER `order_status_events_kind_values_insert`;
--> statement-breakpoint
DROP TRIGGER `order_status_events_kind_values_update`;
--> statement-breakpoint
CREATE TRIGGER `order_status_events_kind_values_insert` BEFORE INSERT ON `order_status_events`
WHEN new.kind NOT IN ('status', 'payment', 'receipt', 'refund_failed') BEGIN
  SELECT RAISE(ABORT, 'order_status_events_kind_unknown');
END;
--> statement-breakpoint
CREATE TRIGGER `order_status_events_kind_values_update` BEFORE UPDATE OF kind ON `order_status_events`
WHEN new.kind NOT IN ('status', 'payment', 'receipt', 'refund_failed') BEGIN
  SELECT RAISE(ABORT, 'order_status_events_kind_unknown');
END;
