CREATE TABLE "office_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"office_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"email" "citext" NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "office_invitations_token_hash_uq" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "office_members" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "office_members" ADD COLUMN "nome_completo" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "office_members" ADD COLUMN "email" "citext";--> statement-breakpoint
ALTER TABLE "office_members" ADD COLUMN "telefone" text;--> statement-breakpoint
ALTER TABLE "office_members" ADD COLUMN "cargo" text;--> statement-breakpoint
ALTER TABLE "office_members" ADD COLUMN "oab_numero" text;--> statement-breakpoint
ALTER TABLE "office_members" ADD COLUMN "oab_uf" text;--> statement-breakpoint
ALTER TABLE "office_members" ADD COLUMN "data_admissao" date;--> statement-breakpoint
ALTER TABLE "office_members" ADD COLUMN "especialidades" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "office_members" ADD COLUMN "observacoes" text;--> statement-breakpoint
ALTER TABLE "office_members" ADD COLUMN "selected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "office_members" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "office_members" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "office_invitations" ADD CONSTRAINT "office_invitations_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "office_invitations" ADD CONSTRAINT "office_invitations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The unique (office_id, id) must exist before the composite foreign key that references it.
ALTER TABLE "office_members" ADD CONSTRAINT "office_members_office_id_uq" UNIQUE("office_id","id");--> statement-breakpoint
ALTER TABLE "office_invitations" ADD CONSTRAINT "office_invitations_office_member_fk" FOREIGN KEY ("office_id","member_id") REFERENCES "public"."office_members"("office_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "office_invitations_member_idx" ON "office_invitations" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "office_members_office_email_uq" ON "office_members" USING btree ("office_id","email") WHERE "office_members"."email" is not null;--> statement-breakpoint--> statement-breakpoint
-- Existing members are the lawyers of their own offices: their team record starts from their account and
-- profile.
UPDATE "office_members" m SET
  "nome_completo" = coalesce(nullif(p."nome_completo", ''), u."name"),
  "email" = u."email",
  "telefone" = nullif(p."telefone", ''),
  "oab_numero" = p."oab_numero",
  "oab_uf" = p."oab_estado",
  "data_admissao" = (m."created_at" AT TIME ZONE 'America/Sao_Paulo')::date
FROM "users" u LEFT JOIN "profiles" p ON p."user_id" = u."id"
WHERE u."id" = m."user_id";--> statement-breakpoint
-- A membership created for an account (a lawyer's own office at sign-up, fixtures) without the team data
-- takes it from the account and the profile, so every path yields a named team record.
CREATE OR REPLACE FUNCTION jc_office_member_defaults() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.user_id IS NOT NULL AND NEW.nome_completo = '' THEN
    SELECT coalesce(nullif(p.nome_completo, ''), u.name), coalesce(NEW.email, u.email),
           coalesce(NEW.telefone, nullif(p.telefone, '')), coalesce(NEW.oab_numero, p.oab_numero),
           coalesce(NEW.oab_uf, p.oab_estado)
      INTO NEW.nome_completo, NEW.email, NEW.telefone, NEW.oab_numero, NEW.oab_uf
      FROM users u LEFT JOIN profiles p ON p.user_id = u.id
     WHERE u.id = NEW.user_id;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER office_members_defaults BEFORE INSERT ON office_members
  FOR EACH ROW EXECUTE FUNCTION jc_office_member_defaults();--> statement-breakpoint
-- Cache eviction (0010) for memberships, now that user_id may be NULL (a member without system access or
-- with a pending invitation: no account, nothing cached) and office_members also carries team data. Only
-- what a cached membership depends on announces the user: the account linked, the office, the active flag,
-- the level and selected_at (which office is current). Team data edits and the once-a-minute last_seen_at
-- write evict nothing.
CREATE OR REPLACE FUNCTION jc_notify_member_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW.user_id IS NOT DISTINCT FROM OLD.user_id
     AND NEW.office_id = OLD.office_id
     AND NEW.ativo = OLD.ativo
     AND NEW.nivel_acesso = OLD.nivel_acesso
     AND NEW.selected_at IS NOT DISTINCT FROM OLD.selected_at THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.user_id IS NOT NULL THEN
    PERFORM pg_notify('jc_auth_change', OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.user_id IS NOT NULL
     AND (TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    PERFORM pg_notify('jc_auth_change', NEW.user_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "office_members_auth_change" ON "office_members";--> statement-breakpoint
CREATE TRIGGER office_members_auth_change AFTER INSERT OR UPDATE OR DELETE ON office_members
  FOR EACH ROW EXECUTE FUNCTION jc_notify_member_change();
