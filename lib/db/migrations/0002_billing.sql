CREATE TABLE "billing_customers" (
	"member_id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"email" text,
	"name" text,
	"created" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"default_payment_method" text,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_customers_customer_id_unique" UNIQUE("customer_id")
);
--> statement-breakpoint
CREATE TABLE "billing_payment_methods" (
	"payment_method_id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"type" text NOT NULL,
	"brand" text,
	"last4" text,
	"exp_month" integer,
	"exp_year" integer,
	"billing_details" jsonb,
	"created" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_processed_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"handled" boolean NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_sandbox_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"invoice_id" text,
	"payment_method_id" text,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"failure_message" text,
	"description" text,
	"created" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_sandbox_checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"price_id" text NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"subscription_id" text,
	"client_reference_id" text,
	"metadata" jsonb NOT NULL,
	"created" bigint NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_sandbox_clock" (
	"id" integer PRIMARY KEY NOT NULL,
	"offset_seconds" bigint DEFAULT 0 NOT NULL,
	"frozen_at" bigint
);
--> statement-breakpoint
CREATE TABLE "billing_sandbox_customers" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text,
	"name" text,
	"metadata" jsonb NOT NULL,
	"default_payment_method" text,
	"deleted" boolean DEFAULT false NOT NULL,
	"created" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_sandbox_events" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "billing_sandbox_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"object_id" text NOT NULL,
	"customer_id" text,
	"created" bigint NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "billing_sandbox_idempotency" (
	"key" text NOT NULL,
	"operation" text NOT NULL,
	"response" jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_sandbox_idempotency_key_pk" PRIMARY KEY("key")
);
--> statement-breakpoint
CREATE TABLE "billing_sandbox_invoice_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"invoice_id" text NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"proration" boolean NOT NULL,
	"price_id" text,
	"period_start" bigint NOT NULL,
	"period_end" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_sandbox_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"subscription_id" text,
	"status" text NOT NULL,
	"billing_reason" text NOT NULL,
	"amount_due" integer NOT NULL,
	"amount_paid" integer NOT NULL,
	"subtotal" integer NOT NULL,
	"total" integer NOT NULL,
	"currency" text NOT NULL,
	"period_start" bigint NOT NULL,
	"period_end" bigint NOT NULL,
	"description" text,
	"created" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_sandbox_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"outcome" text NOT NULL,
	"billing_details" jsonb NOT NULL,
	"created" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_sandbox_prices" (
	"id" text PRIMARY KEY NOT NULL,
	"lookup_key" text NOT NULL,
	"product_id" text NOT NULL,
	"product_name" text NOT NULL,
	"product_description" text,
	"unit_amount" integer NOT NULL,
	"currency" text NOT NULL,
	"interval" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created" bigint NOT NULL,
	CONSTRAINT "billing_sandbox_prices_lookup_key_unique" UNIQUE("lookup_key")
);
--> statement-breakpoint
CREATE TABLE "billing_sandbox_subscription_items" (
	"id" text PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"price_id" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"current_period_start" bigint NOT NULL,
	"current_period_end" bigint NOT NULL,
	"created" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_sandbox_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"status" text NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"cancel_at" bigint,
	"canceled_at" bigint,
	"ended_at" bigint,
	"trial_end" bigint,
	"default_payment_method" text,
	"metadata" jsonb NOT NULL,
	"created" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_subscriptions" (
	"subscription_id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"status" text NOT NULL,
	"sub_item_id" text NOT NULL,
	"price_id" text NOT NULL,
	"current_period_start" bigint NOT NULL,
	"current_period_end" bigint NOT NULL,
	"cancel_at" bigint,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"default_payment_method" text,
	"created" bigint NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_transactions" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"description" text,
	"created" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "billing_payment_methods_customer_idx" ON "billing_payment_methods" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "billing_sandbox_charges_customer_idx" ON "billing_sandbox_charges" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "billing_sandbox_events_pending_idx" ON "billing_sandbox_events" USING btree ("delivered_at","seq");--> statement-breakpoint
CREATE INDEX "billing_sandbox_lines_invoice_idx" ON "billing_sandbox_invoice_lines" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "billing_sandbox_invoices_customer_idx" ON "billing_sandbox_invoices" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "billing_sandbox_pm_customer_idx" ON "billing_sandbox_payment_methods" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "billing_sandbox_items_subscription_idx" ON "billing_sandbox_subscription_items" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "billing_sandbox_subscriptions_customer_idx" ON "billing_sandbox_subscriptions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "billing_subscriptions_customer_idx" ON "billing_subscriptions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "billing_transactions_customer_idx" ON "billing_transactions" USING btree ("customer_id","created");