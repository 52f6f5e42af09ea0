-- Each node caches resolved sessions and office memberships for a few seconds (ADR 009). Whatever changes
-- what such an entry says — a session signed out, revoked or refreshed, a user updated or deleted, a password
-- changed, a membership added, deactivated or moved to another level — announces the user id on the
-- jc_auth_change channel, and every node evicts that user's entries. Triggers, not application code, so no
-- code path (better-auth's own included) can forget. NOTIFY is delivered only on commit, and identical payloads
-- of one transaction are delivered once, so a bulk revocation is one message per user.
CREATE OR REPLACE FUNCTION jc_notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('jc_auth_change', CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  ELSE
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('jc_auth_change', OLD.user_id);
    END IF;
    IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
      PERFORM pg_notify('jc_auth_change', NEW.user_id);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_auth_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION jc_notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER sessions_auth_change AFTER INSERT OR UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION jc_notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER accounts_auth_change AFTER UPDATE OR DELETE ON accounts
  FOR EACH ROW EXECUTE FUNCTION jc_notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER office_members_auth_change AFTER INSERT OR UPDATE OR DELETE ON office_members
  FOR EACH ROW EXECUTE FUNCTION jc_notify_auth_change();
