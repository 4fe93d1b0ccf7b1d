ALTER TABLE "connections" ADD COLUMN "idempotency_key" uuid;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "idempotency_key" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "connections_author_idempotency_key_unique" ON "connections" USING btree ("author_id","idempotency_key") WHERE "connections"."idempotency_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "people_creator_idempotency_key_unique" ON "people" USING btree ("created_by","idempotency_key") WHERE "people"."idempotency_key" is not null;