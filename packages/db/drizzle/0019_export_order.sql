CREATE INDEX "connections_created_idx" ON "connections" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "event_attendees_created_idx" ON "event_attendees" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "people_created_idx" ON "people" USING btree ("created_at","id");