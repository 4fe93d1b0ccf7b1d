-- A new database starts with the event the welcome dialog suggests. Events need a creator, so the
-- event belongs to a system account that cannot sign in: it is inactive and its password field
-- holds no valid hash.
INSERT INTO "users" ("email", "password_hash", "first_name", "last_name", "role", "is_active")
VALUES ('system@fiveconnect.invalid', '!', 'FiveConnect', 'System', 'admin', false)
ON CONFLICT ("email") DO NOTHING;
--> statement-breakpoint
INSERT INTO "events" ("title", "description", "start_date_time", "location", "created_by")
SELECT 'Ideas Fest',
       'The starter event: meet people, capture them with the five connection types, follow up later.',
       date_trunc('day', now()) + interval '30 days 9 hours',
       'Online',
       "id"
FROM "users" WHERE "email" = 'system@fiveconnect.invalid';
