CREATE TABLE "agency_order_stats" (
	"agency_id" integer PRIMARY KEY NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"unpaid" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agency_order_stats" ADD CONSTRAINT "agency_order_stats_agency_id_users_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;