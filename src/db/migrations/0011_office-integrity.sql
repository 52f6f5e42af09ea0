CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_office_id_offices_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_actor_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "cases" DROP CONSTRAINT "cases_client_id_clients_id_fk";
--> statement-breakpoint
CREATE INDEX "rate_limits_reset_at_idx" ON "rate_limits" USING btree ("reset_at");--> statement-breakpoint
-- The unique (office_id, id) must exist before the composite foreign key that references it
-- (drizzle-kit emits it last). Existing cases all point at clients of their own office (the service
-- always checked it), so the key applies to a database with data; a stray link would stop the migration
-- loudly rather than being unlinked silently.
ALTER TABLE "clients" ADD CONSTRAINT "clients_office_id_id_uq" UNIQUE("office_id","id");--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_office_client_fk" FOREIGN KEY ("office_id","client_id") REFERENCES "public"."clients"("office_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cases_office_client_idx" ON "cases" USING btree ("office_id","client_id");
