-- API keys (docs/decisions/0043-api-keys-and-mcp.md): only the SHA-256 of a key is kept, with its
-- first 8 characters to recognise it. Revoking keeps the row (revoked_at), so the owner's list and the
-- limit of live keys read the partial index, and a revoked key is known and refused.
CREATE TABLE "api_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"name" text NOT NULL CHECK (char_length("name") BETWEEN 1 AND 100),
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_hash_key" ON "api_keys" USING btree ("key_hash");
--> statement-breakpoint
CREATE INDEX "api_keys_live_user_idx" ON "api_keys" USING btree ("user_id","id") WHERE revoked_at IS NULL;
