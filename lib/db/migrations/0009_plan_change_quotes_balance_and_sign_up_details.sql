CREATE TABLE "billing_plan_change_quotes" (
	"member_id" text NOT NULL,
	"subscription_id" text NOT NULL,
	"price_id" text NOT NULL,
	"proration_date" bigint NOT NULL,
	"due_now" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_plan_change_quotes_member_id_subscription_id_price_id_pk" PRIMARY KEY("member_id","subscription_id","price_id")
);
--> statement-breakpoint
ALTER TABLE "billing_sandbox_customers" ADD COLUMN "balance" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_sandbox_invoices" ADD COLUMN "starting_balance" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_profiles" ADD COLUMN "sign_up_applied_at" timestamp with time zone;