ALTER TABLE "connections" ADD COLUMN "shared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "share_token" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "share_fields" text[] DEFAULT '{company,email,mobile,linkedin,website}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "connections_author_shared_idx" ON "connections" USING btree ("author_id","shared_at" DESC NULLS LAST) WHERE "connections"."shared_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_share_token_unique" ON "users" USING btree ("share_token") WHERE "users"."share_token" is not null;