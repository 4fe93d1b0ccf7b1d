ALTER TABLE "connections" ADD COLUMN "related_words" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
-- Memory search ranks a connection by its own words and by its person's and event's
-- (connection-search.ts). A copy of the last two on the connection lets it rank every connection a
-- search finds from that row alone, instead of joining the person and the event to each. These
-- triggers keep the copy equal to its sources.
CREATE FUNCTION "connection_related_words"("person" uuid, "event" uuid) RETURNS tsvector
  LANGUAGE sql STABLE AS $$
  SELECT COALESCE((SELECT "search_vector" FROM "people" WHERE "id" = "person"), ''::tsvector)
    || COALESCE((SELECT "search_vector" FROM "events" WHERE "id" = "event"), ''::tsvector)
$$;
--> statement-breakpoint
CREATE FUNCTION "connection_related_words_set"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."related_words" := "connection_related_words"(NEW."person_id", NEW."event_id");
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "connections_related_words" BEFORE INSERT OR UPDATE OF "person_id", "event_id" ON "connections"
  FOR EACH ROW EXECUTE FUNCTION "connection_related_words_set"();
--> statement-breakpoint
CREATE FUNCTION "connection_related_words_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'people' THEN
    UPDATE "connections" SET "related_words" = "connection_related_words"("person_id", "event_id")
      WHERE "person_id" = NEW."id";
  ELSE
    UPDATE "connections" SET "related_words" = "connection_related_words"("person_id", "event_id")
      WHERE "event_id" = NEW."id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "people_related_words_changed" AFTER UPDATE ON "people"
  FOR EACH ROW WHEN (OLD."search_vector" IS DISTINCT FROM NEW."search_vector")
  EXECUTE FUNCTION "connection_related_words_changed"();
--> statement-breakpoint
CREATE TRIGGER "events_related_words_changed" AFTER UPDATE ON "events"
  FOR EACH ROW WHEN (OLD."search_vector" IS DISTINCT FROM NEW."search_vector")
  EXECUTE FUNCTION "connection_related_words_changed"();
--> statement-breakpoint
-- Filling in the copy changes no contact: address book clients are not told of it.
ALTER TABLE "connections" DISABLE TRIGGER "connections_address_book_changes";--> statement-breakpoint
UPDATE "connections" SET "related_words" = "connection_related_words"("person_id", "event_id");--> statement-breakpoint
ALTER TABLE "connections" ENABLE TRIGGER "connections_address_book_changes";
