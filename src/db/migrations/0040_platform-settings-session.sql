CREATE TABLE "platform_session_activity" (
	"session_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"last_active_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "platform_session_activity" ADD CONSTRAINT "platform_session_activity_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_session_activity" ADD CONSTRAINT "platform_session_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- As session_activity (0019): an activity moved backwards or removed evicts the user's cached activity.
CREATE TRIGGER platform_session_activity_auth_change AFTER UPDATE ON platform_session_activity
  FOR EACH ROW WHEN (NEW.last_active_at < OLD.last_active_at)
  EXECUTE FUNCTION jc_notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER platform_session_activity_delete_auth_change AFTER DELETE ON platform_session_activity
  FOR EACH ROW EXECUTE FUNCTION jc_notify_auth_change();
