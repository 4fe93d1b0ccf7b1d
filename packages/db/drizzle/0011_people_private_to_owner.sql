ALTER TABLE "people" RENAME COLUMN "created_by" TO "owner_id";--> statement-breakpoint
ALTER TABLE "connections" DROP CONSTRAINT "connections_person_id_people_id_fk";
--> statement-breakpoint
ALTER TABLE "people" DROP CONSTRAINT "people_created_by_users_id_fk";
--> statement-breakpoint
DROP INDEX "people_email_unique";--> statement-breakpoint
DROP INDEX "people_creator_idempotency_key_unique";--> statement-breakpoint
DROP INDEX "people_full_name_prefix_idx";--> statement-breakpoint
DROP INDEX "people_last_name_prefix_idx";--> statement-breakpoint
DROP INDEX "people_company_prefix_idx";--> statement-breakpoint
DROP INDEX "people_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "user_id" uuid;--> statement-breakpoint
-- Every person becomes private to one owner. A person entered by a user whose account is gone
-- goes to whoever met them first; one that nobody met or owns is nobody's data and is removed.
UPDATE "people" SET "owner_id" = (
  SELECT "author_id" FROM "connections" WHERE "connections"."person_id" = "people"."id"
  ORDER BY "connections"."created_at", "connections"."id" LIMIT 1
) WHERE "owner_id" IS NULL;--> statement-breakpoint
DELETE FROM "people" WHERE "owner_id" IS NULL;--> statement-breakpoint
-- Everyone else who met a person gets their own copy, and their connections move to it.
CREATE TEMPORARY TABLE "person_copies" AS
  SELECT "pairs"."person_id" AS "original_id", "pairs"."author_id" AS "owner_id", gen_random_uuid() AS "copy_id"
  FROM (
    SELECT DISTINCT "connections"."person_id", "connections"."author_id"
    FROM "connections" JOIN "people" ON "people"."id" = "connections"."person_id"
    WHERE "connections"."author_id" <> "people"."owner_id"
  ) AS "pairs";--> statement-breakpoint
INSERT INTO "people" ("id", "first_name", "last_name", "email", "mobile", "company", "title", "location", "linkedin", "website", "profile_image_url", "has_user_profile", "owner_id", "created_at", "updated_at")
  SELECT "person_copies"."copy_id", "people"."first_name", "people"."last_name", "people"."email", "people"."mobile", "people"."company", "people"."title", "people"."location", "people"."linkedin", "people"."website", "people"."profile_image_url", "people"."has_user_profile", "person_copies"."owner_id", "people"."created_at", "people"."updated_at"
  FROM "person_copies" JOIN "people" ON "people"."id" = "person_copies"."original_id";--> statement-breakpoint
UPDATE "connections" SET "person_id" = "person_copies"."copy_id"
  FROM "person_copies"
  WHERE "connections"."person_id" = "person_copies"."original_id" AND "connections"."author_id" = "person_copies"."owner_id";--> statement-breakpoint
DROP TABLE "person_copies";--> statement-breakpoint
ALTER TABLE "people" ALTER COLUMN "owner_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "people_owner_id_unique" ON "people" USING btree ("owner_id","id");--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_author_person_fk" FOREIGN KEY ("author_id","person_id") REFERENCES "public"."people"("owner_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "people_owner_email_unique" ON "people" USING btree ("owner_id","email") WHERE "people"."email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "people_owner_user_unique" ON "people" USING btree ("owner_id","user_id") WHERE "people"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "people_owner_idempotency_key_unique" ON "people" USING btree ("owner_id","idempotency_key") WHERE "people"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "people_owner_full_name_prefix_idx" ON "people" USING btree ("owner_id",lower("first_name" || ' ' || "last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "people_owner_last_name_prefix_idx" ON "people" USING btree ("owner_id",lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "people_owner_company_prefix_idx" ON "people" USING btree ("owner_id",lower("company") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "people_email_idx" ON "people" USING btree ("email") WHERE "people"."email" is not null;