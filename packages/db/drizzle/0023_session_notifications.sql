-- Every instance keeps the sessions it has checked in memory (apps/server/src/auth/session-cache.ts)
-- and forgets one the moment the database says it changed: a session ended (sign-out, password
-- change, deactivation, expiry) or its user changed (role, name, deactivation).
CREATE FUNCTION "notify_session_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fiveconnect_sessions', 'session:' || OLD."sid");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_notify_ended" AFTER DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "notify_session_ended"();
--> statement-breakpoint
CREATE FUNCTION "notify_session_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fiveconnect_sessions', 'user:' || COALESCE(NEW."id", OLD."id"));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_notify_changed" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "notify_session_user_changed"();
