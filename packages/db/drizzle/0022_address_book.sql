CREATE TABLE "app_passwords" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "address_book_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "address_book_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"owner_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"changed_in" "xid8" DEFAULT pg_current_xact_id() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_passwords" ADD CONSTRAINT "app_passwords_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_passwords_password_hash_unique" ON "app_passwords" USING btree ("password_hash");--> statement-breakpoint
CREATE INDEX "app_passwords_user_idx" ON "app_passwords" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "address_book_changes_owner_idx" ON "address_book_changes" USING btree ("owner_id","changed_in");--> statement-breakpoint
CREATE FUNCTION "address_book_person_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO "address_book_changes" ("owner_id", "person_id") VALUES (OLD."owner_id", OLD."id");
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."owner_id" <> OLD."owner_id") THEN
    INSERT INTO "address_book_changes" ("owner_id", "person_id") VALUES (NEW."owner_id", NEW."id");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "people_address_book_changes" AFTER INSERT OR UPDATE OR DELETE ON "people"
  FOR EACH ROW EXECUTE FUNCTION "address_book_person_changed"();
--> statement-breakpoint
CREATE FUNCTION "address_book_connection_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO "address_book_changes" ("owner_id", "person_id") VALUES (OLD."author_id", OLD."person_id");
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."person_id" <> OLD."person_id") THEN
    INSERT INTO "address_book_changes" ("owner_id", "person_id") VALUES (NEW."author_id", NEW."person_id");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "connections_address_book_changes" AFTER INSERT OR UPDATE OR DELETE ON "connections"
  FOR EACH ROW EXECUTE FUNCTION "address_book_connection_changed"();
--> statement-breakpoint
CREATE FUNCTION "address_book_event_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "address_book_changes" ("owner_id", "person_id")
    SELECT DISTINCT "author_id", "person_id" FROM "connections" WHERE "event_id" = NEW."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "events_address_book_changes" AFTER UPDATE OF "title", "start_date_time" ON "events"
  FOR EACH ROW WHEN (OLD."title" IS DISTINCT FROM NEW."title" OR OLD."start_date_time" IS DISTINCT FROM NEW."start_date_time")
  EXECUTE FUNCTION "address_book_event_changed"();
