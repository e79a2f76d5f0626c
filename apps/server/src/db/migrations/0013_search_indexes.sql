-- Keyword searches of the lists (orders, fulfilment queue, billing, users, coupons) are
-- `ILIKE '%…%'`: trigram GIN indexes (pg_trgm, which PGlite ships as a contrib extension and loads
-- in db/pglite.ts) serve them. Btree indexes for the list filters and sorts that had none.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_name_sort_idx" ON "users" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_status_idx" ON "users" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "users_company_name_trgm_idx" ON "users" USING gin ("company_name" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "order_items_article_title_trgm_idx" ON "order_items" USING gin ("article_title" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "order_items_project_name_trgm_idx" ON "order_items" USING gin ("project_name" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "order_items_order_type_trgm_idx" ON "order_items" USING gin ("order_type" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "orders_unpaid_idx" ON "orders" USING btree ("agency_id","id") WHERE "orders"."paid_at" is null and "orders"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "coupon_redemptions_user_idx" ON "coupon_redemptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_order_idx" ON "coupon_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_created_idx" ON "coupon_redemptions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "coupons_code_trgm_idx" ON "coupons" USING gin ("code" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "coupons_type_trgm_idx" ON "coupons" USING gin ("type" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "payments_description_trgm_idx" ON "payments" USING gin ("description" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "payments_invoice_number_trgm_idx" ON "payments" USING gin ("invoice_number" gin_trgm_ops) WITH (gin_pending_list_limit=256);