CREATE TYPE "public"."transcription_state" AS ENUM('pending', 'done', 'failed');--> statement-breakpoint
CREATE TABLE "voice_note_transcriptions" (
	"object_id" uuid PRIMARY KEY NOT NULL,
	"state" "transcription_state" DEFAULT 'pending' NOT NULL,
	"transcription" text,
	"reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "voice_note_transcriptions" ADD CONSTRAINT "voice_note_transcriptions_object_id_stored_objects_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."stored_objects"("id") ON DELETE cascade ON UPDATE no action;