CREATE TABLE "message_notifications" (
	"thread_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	"digest_email_id" integer,
	"digest_from_message_id" integer,
	CONSTRAINT "message_notifications_thread_id_user_id_pk" PRIMARY KEY("thread_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "message_notifications" ADD CONSTRAINT "message_notifications_thread_id_message_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."message_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_notifications" ADD CONSTRAINT "message_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_notifications" ADD CONSTRAINT "message_notifications_digest_email_id_outbox_emails_id_fk" FOREIGN KEY ("digest_email_id") REFERENCES "public"."outbox_emails"("id") ON DELETE set null ON UPDATE no action;
