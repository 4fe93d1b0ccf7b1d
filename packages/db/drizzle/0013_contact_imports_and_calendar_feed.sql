CREATE TYPE "public"."contact_import_source" AS ENUM('vcard', 'google-csv', 'linkedin-csv');--> statement-breakpoint
CREATE TABLE "contact_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"source" "contact_import_source" NOT NULL,
	"file_name" text NOT NULL,
	"people_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "calendar_feed_token_hash" text;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_imports_owner_idx" ON "contact_imports" USING btree ("owner_id","created_at");--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_import_id_contact_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."contact_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "people_import_idx" ON "people" USING btree ("import_id") WHERE "people"."import_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_calendar_feed_token_hash_unique" ON "users" USING btree ("calendar_feed_token_hash") WHERE "users"."calendar_feed_token_hash" is not null;