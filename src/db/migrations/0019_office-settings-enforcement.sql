CREATE TABLE "session_activity" (
	"session_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"last_active_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "session_activity" ADD CONSTRAINT "session_activity_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_activity" ADD CONSTRAINT "session_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The cached office membership (ADR 009) carries what requireOffice enforces from office_settings (2FA
-- required, session timeout, the personalised name). When one of those changes, every member of the office is
-- announced on jc_auth_change so every node re-reads their membership at once.
CREATE OR REPLACE FUNCTION jc_notify_office_settings_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  member_user text;
  office uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.office_id ELSE NEW.office_id END;
BEGIN
  IF TG_OP = 'UPDATE'
    AND NEW.require_2fa IS NOT DISTINCT FROM OLD.require_2fa
    AND NEW.session_timeout_min IS NOT DISTINCT FROM OLD.session_timeout_min
    AND NEW.audit_viewer IS NOT DISTINCT FROM OLD.audit_viewer
    AND NEW.nome_escritorio IS NOT DISTINCT FROM OLD.nome_escritorio THEN
    RETURN NULL;
  END IF;
  FOR member_user IN SELECT user_id FROM office_members WHERE office_id = office AND user_id IS NOT NULL LOOP
    PERFORM pg_notify('jc_auth_change', member_user);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER office_settings_auth_change AFTER INSERT OR UPDATE OR DELETE ON office_settings
  FOR EACH ROW EXECUTE FUNCTION jc_notify_office_settings_change();
--> statement-breakpoint
-- A session's activity only moves forward in normal use (no notification: it would evict on every write). An
-- activity moved backwards or removed evicts the user's cached activity, so the timeout is checked again.
CREATE TRIGGER session_activity_auth_change AFTER UPDATE ON session_activity
  FOR EACH ROW WHEN (NEW.last_active_at < OLD.last_active_at)
  EXECUTE FUNCTION jc_notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER session_activity_delete_auth_change AFTER DELETE ON session_activity
  FOR EACH ROW EXECUTE FUNCTION jc_notify_auth_change();
