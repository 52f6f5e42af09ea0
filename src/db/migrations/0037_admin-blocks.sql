CREATE TABLE "user_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"reason" text NOT NULL,
	"blocked_by" text,
	"blocked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unblocked_by" text,
	"unblocked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_blocks_active_user_idx" ON "user_blocks" USING btree ("user_id") WHERE "user_blocks"."unblocked_at" is null;--> statement-breakpoint
CREATE INDEX "user_blocks_blocked_at_idx" ON "user_blocks" USING btree ("blocked_at" DESC NULLS LAST);