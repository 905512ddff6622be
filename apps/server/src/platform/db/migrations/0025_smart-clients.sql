CREATE TABLE "smart_client_tokens" (
	"smart_client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"key_id" text NOT NULL,
	"iv" text NOT NULL,
	"ciphertext" text NOT NULL,
	"auth_tag" text NOT NULL,
	"fhir_user" text,
	"scope" text,
	"expires_at" timestamp with time zone NOT NULL,
	"can_refresh" boolean NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "smart_client_tokens_smart_client_id_user_id_pk" PRIMARY KEY("smart_client_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "smart_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"iss" text NOT NULL,
	"client_id" text NOT NULL,
	"auth_method" text NOT NULL,
	"scopes" text[] NOT NULL,
	"configuration" jsonb NOT NULL,
	"updated_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "smart_clients_auth_method_check" CHECK (auth_method IN ('public', 'private_key_jwt'))
);
--> statement-breakpoint
CREATE TABLE "smart_launches" (
	"state" text PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"smart_client_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "smart_client_tokens" ADD CONSTRAINT "smart_client_tokens_smart_client_id_smart_clients_id_fk" FOREIGN KEY ("smart_client_id") REFERENCES "public"."smart_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_client_tokens" ADD CONSTRAINT "smart_client_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_clients" ADD CONSTRAINT "smart_clients_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_clients" ADD CONSTRAINT "smart_clients_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_launches" ADD CONSTRAINT "smart_launches_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_launches" ADD CONSTRAINT "smart_launches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_launches" ADD CONSTRAINT "smart_launches_smart_client_id_smart_clients_id_fk" FOREIGN KEY ("smart_client_id") REFERENCES "public"."smart_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_launches" ADD CONSTRAINT "smart_launches_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "smart_client_tokens_user_id_idx" ON "smart_client_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "smart_clients_organisation_iss_idx" ON "smart_clients" USING btree ("organisation_id","iss");--> statement-breakpoint
CREATE INDEX "smart_launches_session_id_idx" ON "smart_launches" USING btree ("session_id");