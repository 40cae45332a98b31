CREATE TABLE "identity_issuer_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_oidc_models" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"account_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp (3) with time zone,
	"consumed_at" timestamp (3) with time zone,
	CONSTRAINT "identity_oidc_models_pkey" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE INDEX "identity_oidc_models_grant_idx" ON "identity_oidc_models" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "identity_oidc_models_account_idx" ON "identity_oidc_models" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "identity_oidc_models_uid_idx" ON "identity_oidc_models" USING btree ("model","uid");--> statement-breakpoint
CREATE INDEX "identity_oidc_models_user_code_idx" ON "identity_oidc_models" USING btree ("model","user_code");--> statement-breakpoint
CREATE INDEX "identity_oidc_models_expires_idx" ON "identity_oidc_models" USING btree ("expires_at");