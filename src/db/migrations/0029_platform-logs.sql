CREATE TABLE "platform_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"check" text NOT NULL,
	"severity" text DEFAULT 'aviso' NOT NULL,
	"status" text DEFAULT 'aberto' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "platform_alerts_status_check" CHECK ("platform_alerts"."status" in ('aberto', 'resolvido')),
	CONSTRAINT "platform_alerts_severity_check" CHECK ("platform_alerts"."severity" in ('info', 'aviso', 'erro'))
);
--> statement-breakpoint
CREATE TABLE "platform_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "platform_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"severity" text DEFAULT 'info' NOT NULL,
	"actor_user_id" text,
	"target_user_id" text,
	"ip" text,
	"request_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "platform_events_severity_check" CHECK ("platform_events"."severity" in ('info', 'aviso', 'erro'))
);
--> statement-breakpoint
CREATE TABLE "platform_metrics" (
	"name" text PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL,
	"measured_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_lockouts" (
	"account_key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "platform_alerts_open_check_idx" ON "platform_alerts" USING btree ("check") WHERE "platform_alerts"."status" = 'aberto';--> statement-breakpoint
CREATE INDEX "platform_alerts_opened_idx" ON "platform_alerts" USING btree ("opened_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "platform_events_at_idx" ON "platform_events" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "platform_events_kind_at_idx" ON "platform_events" USING btree ("kind","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "platform_events_request_idx" ON "platform_events" USING btree ("request_id") WHERE "platform_events"."request_id" is not null;--> statement-breakpoint
CREATE INDEX "platform_events_ip_idx" ON "platform_events" USING btree ("ip","at" DESC NULLS LAST) WHERE "platform_events"."ip" is not null;--> statement-breakpoint
CREATE INDEX "platform_events_actor_idx" ON "platform_events" USING btree ("actor_user_id","at" DESC NULLS LAST) WHERE "platform_events"."actor_user_id" is not null;--> statement-breakpoint
CREATE INDEX "platform_events_target_idx" ON "platform_events" USING btree ("target_user_id","at" DESC NULLS LAST) WHERE "platform_events"."target_user_id" is not null;