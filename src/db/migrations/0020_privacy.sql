CREATE TABLE "account_deletions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scheduled_for" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "office_members" DROP CONSTRAINT "office_members_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "offices" DROP CONSTRAINT "offices_created_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "offices" ALTER COLUMN "created_by" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "resultado" text;--> statement-breakpoint
ALTER TABLE "account_deletions" ADD CONSTRAINT "account_deletions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_deletions_scheduled_idx" ON "account_deletions" USING btree ("scheduled_for");--> statement-breakpoint
ALTER TABLE "office_members" ADD CONSTRAINT "office_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offices" ADD CONSTRAINT "offices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_resultado_check" CHECK ("cases"."resultado" in ('procedente', 'parcialmente_procedente', 'improcedente', 'acordo', 'desistencia'));