ALTER TABLE "office_backups" ADD COLUMN "restore_status" text;--> statement-breakpoint
ALTER TABLE "office_backups" ADD COLUMN "restore_progress" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "office_backups" ADD COLUMN "restore_error" text;--> statement-breakpoint
ALTER TABLE "office_backups" ADD COLUMN "restore_result" jsonb;--> statement-breakpoint
ALTER TABLE "office_backups" ADD COLUMN "restore_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "office_backups" ADD COLUMN "restore_requested_by" text;--> statement-breakpoint
ALTER TABLE "office_backups" ADD CONSTRAINT "office_backups_restore_requested_by_users_id_fk" FOREIGN KEY ("restore_requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_backups" ADD CONSTRAINT "office_backups_restore_status_check" CHECK ("office_backups"."restore_status" in ('queued', 'running', 'success', 'error'));--> statement-breakpoint
ALTER TABLE "office_backups" ADD CONSTRAINT "office_backups_restore_progress_check" CHECK ("office_backups"."restore_progress" between 0 and 100);--> statement-breakpoint
ALTER TABLE "office_backups" ADD CONSTRAINT "office_backups_restore_error_len" CHECK (char_length("office_backups"."restore_error") <= 1000);