CREATE TABLE "connection_tallies" (
	"bucket" text PRIMARY KEY NOT NULL,
	"count" bigint NOT NULL
);
--> statement-breakpoint
-- Hand-written: drizzle cannot express functions or triggers.
CREATE FUNCTION "connection_tally_buckets"("types" text[], "created_at" timestamptz) RETURNS SETOF text
LANGUAGE sql STABLE AS $$
  SELECT 'all'
  UNION ALL SELECT 'month:' || to_char(date_trunc('month', "created_at"), 'YYYY-MM')
  UNION ALL SELECT 'type:' || "type" FROM unnest("types") AS "type"
$$;
--> statement-breakpoint
-- Buckets are written in sorted order so that concurrent writers lock them in the same order and
-- cannot deadlock.
CREATE FUNCTION "connection_tallies_track"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "connection_tallies" ("bucket", "count")
    SELECT "bucket", count(*) FROM "new_rows", connection_tally_buckets("new_rows"."connection_types", "new_rows"."created_at") AS "bucket"
    GROUP BY "bucket" ORDER BY "bucket"
    ON CONFLICT ("bucket") DO UPDATE SET "count" = "connection_tallies"."count" + excluded."count";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "connection_tallies" ("bucket", "count")
    SELECT "bucket", -count(*) FROM "old_rows", connection_tally_buckets("old_rows"."connection_types", "old_rows"."created_at") AS "bucket"
    GROUP BY "bucket" ORDER BY "bucket"
    ON CONFLICT ("bucket") DO UPDATE SET "count" = "connection_tallies"."count" + excluded."count";
  ELSE
    INSERT INTO "connection_tallies" ("bucket", "count")
    SELECT "bucket", sum("delta") FROM (
      SELECT "bucket", 1 AS "delta" FROM "new_rows", connection_tally_buckets("new_rows"."connection_types", "new_rows"."created_at") AS "bucket"
      UNION ALL
      SELECT "bucket", -1 FROM "old_rows", connection_tally_buckets("old_rows"."connection_types", "old_rows"."created_at") AS "bucket"
    ) AS "changes"
    GROUP BY "bucket" HAVING sum("delta") <> 0 ORDER BY "bucket"
    ON CONFLICT ("bucket") DO UPDATE SET "count" = "connection_tallies"."count" + excluded."count";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "connection_tallies_insert" AFTER INSERT ON "connections"
REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION connection_tallies_track();
--> statement-breakpoint
CREATE TRIGGER "connection_tallies_delete" AFTER DELETE ON "connections"
REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION connection_tallies_track();
--> statement-breakpoint
CREATE TRIGGER "connection_tallies_update" AFTER UPDATE ON "connections"
REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION connection_tallies_track();
--> statement-breakpoint
INSERT INTO "connection_tallies" ("bucket", "count")
SELECT "bucket", count(*) FROM "connections", connection_tally_buckets("connections"."connection_types", "connections"."created_at") AS "bucket"
GROUP BY "bucket";
