-- Each closed vocabulary column (app/lib/vocabularies.ts) refuses a value outside its list. SQLite adds a
-- CHECK to an existing column only by rebuilding its table (orders carries indexes and search triggers), so
-- BEFORE triggers do the checking; NULL passes (review_status is null on orders without prescription items),
-- and a test holds each list to the registry.
CREATE TRIGGER `products_medicine_class_values_insert` BEFORE INSERT ON `products`
WHEN new.medicine_class NOT IN ('otc', 'pharmacy', 'prescription') BEGIN
  SELECT RAISE(ABORT, 'products_medicine_class_unknown');
END;
--> statement-breakpoint
CREATE TRIGGER `products_medicine_class_values_update` BEFORE UPDATE OF medicine_class ON `products`
WHEN new.medicine_class NOT IN ('otc', 'pharmacy', 'prescription') BEGIN
  SELECT RAISE(ABORT, 'products_medicine_class_unknown');
END;
--> statement-breakpoint
CREATE TRIGGER `orders_delivery_status_values_insert` BEFORE INSERT ON `orders`
WHEN new.delivery_status NOT IN ('Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled') BEGIN
  SELECT RAISE(ABORT, 'orders_delivery_status_unknown');
END;
--> statement-breakpoint
CREATE TRIGGER `orders_delivery_status_values_update` BEFORE UPDATE OF delivery_status ON `orders`
WHEN new.delivery_status NOT IN ('Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled') BEGIN
  SELECT RAISE(ABORT, 'orders_delivery_status_unknown');
END;
--> statement-breakpoint
CREATE TRIGGER `orders_payment_method_values_insert` BEFORE INSERT ON `orders`
WHEN new.payment_method NOT IN ('pay_on_delivery', 'bank_transfer') BEGIN
  SELECT RAISE(ABORT, 'orders_payment_method_unknown');
END;
--> statement-breakpoint
CREATE TRIGGER `orders_payment_method_values_update` BEFORE UPDATE OF payment_method ON `orders`
WHEN new.payment_method NOT IN ('pay_on_delivery', 'bank_transfer') BEGIN
  SELECT RAISE(ABORT, 'orders_payment_method_unknown');
END;
--> statement-breakpoint
CREATE TRIGGER `orders_payment_status_values_insert` BEFORE INSERT ON `orders`
WHEN new.payment_status NOT IN ('unpaid', 'paid') BEGIN
  SELECT RAISE(ABORT, 'orders_payment_status_unknown');
END;
--> statement-breakpoint
CREATE TRIGGER `orders_payment_status_values_update` BEFORE UPDATE OF payment_status ON `orders`
WHEN new.payment_status NOT IN ('unpaid', 'paid') BEGIN
  SELECT RAISE(ABORT, 'orders_payment_status_unknown');
END;
--> statement-breakpoint
CREATE TRIGGER `orders_review_status_values_insert` BEFORE INSERT ON `orders`
WHEN new.review_status NOT IN ('pending', 'approved', 'rejected') BEGIN
  SELECT RAISE(ABORT, 'orders_review_status_unknown');
END;
--> statement-breakpoint
CREATE TRIGGER `orders_review_status_values_update` BEFORE UPDATE OF review_status ON `orders`
WHEN new.review_status NOT IN ('pending', 'approved', 'rejected') BEGIN
  SELECT RAISE(ABORT, 'orders_review_status_unknown');
END;
--> statement-breakpoint
CREATE TRIGGER `order_status_events_kind_values_insert` BEFORE INSERT ON `order_status_events`
WHEN new.kind NOT IN ('status', 'payment', 'receipt') BEGIN
  SELECT RAISE(ABORT, 'order_status_events_kind_unknown');
END;
--> statement-breakpoint
CREATE TRIGGER `order_status_events_kind_values_update` BEFORE UPDATE OF kind ON `order_status_events`
WHEN new.kind NOT IN ('status', 'payment', 'receipt') BEGIN
  SELECT RAISE(ABORT, 'order_status_events_kind_unknown');
END;
--> statement-breakpoint
CREATE TRIGGER `prescription_reviews_decision_values_insert` BEFORE INSERT ON `prescription_reviews`
WHEN new.decision NOT IN ('approved', 'rejected') BEGIN
  SELECT RAISE(ABORT, 'prescription_reviews_decision_unknown');
END;
--> statement-breakpoint
CREATE TRIGGER `prescription_reviews_decision_values_update` BEFORE UPDATE OF decision ON `prescription_reviews`
WHEN new.decision NOT IN ('approved', 'rejected') BEGIN
  SELECT RAISE(ABORT, 'prescription_reviews_decision_unknown');
END;
--> statement-breakpoint
CREATE TRIGGER `consents_kind_values_insert` BEFORE INSERT ON `consents`
WHEN new.kind NOT IN ('prescriptions', 'chat') BEGIN
  SELECT RAISE(ABORT, 'consents_kind_unknown');
END;
--> statement-breakpoint
CREATE TRIGGER `consents_kind_values_update` BEFORE UPDATE OF kind ON `consents`
WHEN new.kind NOT IN ('prescriptions', 'chat') BEGIN
  SELECT RAISE(ABORT, 'consents_kind_unknown');
END;
