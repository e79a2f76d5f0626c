ALTER TABLE "documents" ADD COLUMN "preview_br" bytea;--> statement-breakpoint
ALTER TABLE "documents" ALTER COLUMN "preview_html" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_preview_check" CHECK ("documents"."preview_br" is not null or "documents"."preview_html" is not null);
