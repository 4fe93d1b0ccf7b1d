DROP INDEX "audit_events_created_idx";--> statement-breakpoint
CREATE INDEX "connections_author_event_created_idx" ON "connections" USING btree ("author_id","event_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_events_created_idx" ON "audit_events" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);