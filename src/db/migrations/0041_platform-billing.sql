CREATE TABLE "platform_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"office_id" uuid NOT NULL,
	"plan" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"txid" text NOT NULL,
	"br_code" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_amount" numeric(14, 2),
	"paid_source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_charges_txid_unique" UNIQUE("txid"),
	CONSTRAINT "platform_charges_period_uq" UNIQUE("subscription_id","period_start"),
	CONSTRAINT "platform_charges_amount_check" CHECK ("platform_charges"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "platform_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"office_id" uuid NOT NULL,
	"user_id" text,
	"plan" text DEFAULT 'monthly' NOT NULL,
	"status" text DEFAULT 'trial' NOT NULL,
	"trial_ends_at" timestamp with time zone NOT NULL,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"overdue_since" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_subscriptions_office_id_unique" UNIQUE("office_id")
);
--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "pix_key_type" text;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "pix_key" text;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "pix_merchant_name" text;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "pix_merchant_city" text;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD COLUMN "billing_grace_days" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_charges" ADD CONSTRAINT "platform_charges_subscription_id_platform_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."platform_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_charges" ADD CONSTRAINT "platform_charges_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_subscriptions" ADD CONSTRAINT "platform_subscriptions_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_subscriptions" ADD CONSTRAINT "platform_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "platform_charges_status_due_idx" ON "platform_charges" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "platform_charges_paid_idx" ON "platform_charges" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "platform_subscriptions_status_idx" ON "platform_subscriptions" USING btree ("status");--> statement-breakpoint
CREATE INDEX "platform_subscriptions_created_idx" ON "platform_subscriptions" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_grace_check" CHECK ("platform_settings"."billing_grace_days" between 0 and 90);