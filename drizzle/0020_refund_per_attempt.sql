-- Each payment attempt's own refund: when the gateway reported its money back. An order paid twice sends
-- one attempt back at once; the order becomes refunded only when the payment it kept is back.
ALTER TABLE `payment_attempts` ADD `refunded_at` integer;
