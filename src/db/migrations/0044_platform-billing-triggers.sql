-- Every lawyer office has a subscription from the moment it exists (issue 14): an AFTER INSERT trigger on
-- offices rather than code in the sign-up transaction, so each path that creates a lawyer's office (sign-up,
-- the basic profile of a social sign-in, any future one) starts its trial, in the same transaction. The trial
-- runs trial_days (platform settings) from the office's creation. The billing job backfills older offices.
CREATE OR REPLACE FUNCTION jc_platform_subscription_for_office() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM profiles WHERE user_id = NEW.created_by AND user_type = 'advogado') THEN
    INSERT INTO platform_subscriptions (office_id, user_id, trial_ends_at)
    VALUES (
      NEW.id,
      NEW.created_by,
      NEW.created_at + make_interval(days => coalesce((SELECT trial_days FROM platform_settings WHERE id = 1), 7))
    )
    ON CONFLICT (office_id) DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER offices_platform_subscription AFTER INSERT ON offices
  FOR EACH ROW EXECUTE FUNCTION jc_platform_subscription_for_office();
--> statement-breakpoint
-- The cached office membership (ADR 009) carries what the read-only rule needs (overdue_since, and for a
-- cancelled subscription the end of its paid time). When one of those changes, every member of the office is
-- announced on jc_auth_change so every node re-reads their membership at once (as office_settings does, 0019).
CREATE OR REPLACE FUNCTION jc_notify_platform_subscription_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  member_user text;
  office uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.office_id ELSE NEW.office_id END;
BEGIN
  IF TG_OP = 'UPDATE'
    AND NEW.overdue_since IS NOT DISTINCT FROM OLD.overdue_since
    AND NEW.status IS NOT DISTINCT FROM OLD.status
    AND NEW.current_period_end IS NOT DISTINCT FROM OLD.current_period_end
    AND NEW.trial_ends_at IS NOT DISTINCT FROM OLD.trial_ends_at THEN
    RETURN NULL;
  END IF;
  FOR member_user IN SELECT user_id FROM office_members WHERE office_id = office AND user_id IS NOT NULL LOOP
    PERFORM pg_notify('jc_auth_change', member_user);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER platform_subscriptions_auth_change AFTER INSERT OR UPDATE OR DELETE ON platform_subscriptions
  FOR EACH ROW EXECUTE FUNCTION jc_notify_platform_subscription_change();
--> statement-breakpoint
-- The grace days live in platform_settings but the cached memberships carry the read-only instant computed
-- with them: a change of billing_grace_days announces the members of every office it can affect (overdue or
-- cancelled subscriptions), so no node keeps an old read-only instant.
CREATE OR REPLACE FUNCTION jc_notify_billing_grace_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  member_user text;
BEGIN
  IF NEW.billing_grace_days IS NOT DISTINCT FROM OLD.billing_grace_days THEN
    RETURN NULL;
  END IF;
  FOR member_user IN
    SELECT DISTINCT m.user_id FROM office_members m
    JOIN platform_subscriptions s ON s.office_id = m.office_id
    WHERE m.user_id IS NOT NULL AND (s.overdue_since IS NOT NULL OR s.status = 'cancelled')
  LOOP
    PERFORM pg_notify('jc_auth_change', member_user);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER platform_settings_billing_grace_change AFTER UPDATE OF billing_grace_days ON platform_settings
  FOR EACH ROW EXECUTE FUNCTION jc_notify_billing_grace_change();
