CREATE TABLE "delegation_consent_texts" (
	"version" integer PRIMARY KEY NOT NULL,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delegation_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"delegation_id" uuid NOT NULL,
	"action" text NOT NULL,
	"consent_version" integer NOT NULL,
	"consented_by_user_id" uuid,
	"consented_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "delegations_practitioner_id_idx";--> statement-breakpoint
ALTER TABLE "delegation_consents" ADD CONSTRAINT "delegation_consents_delegation_id_delegations_id_fk" FOREIGN KEY ("delegation_id") REFERENCES "public"."delegations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegation_consents" ADD CONSTRAINT "delegation_consents_consent_version_delegation_consent_texts_version_fk" FOREIGN KEY ("consent_version") REFERENCES "public"."delegation_consent_texts"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegation_consents" ADD CONSTRAINT "delegation_consents_consented_by_user_id_users_id_fk" FOREIGN KEY ("consented_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delegation_consents_delegation_id_idx" ON "delegation_consents" USING btree ("delegation_id");--> statement-breakpoint
CREATE INDEX "delegations_practitioner_last_updated_idx" ON "delegations" USING btree ("practitioner_id","last_updated" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "delegations_live_ra_number_idx" ON "delegations" USING btree ("practitioner_id","ra_number") WHERE status IN ('Invited', 'Pending', 'Accepted');--> statement-breakpoint
INSERT INTO "delegation_consent_texts" ("version", "items", "created_at") VALUES (1, '["Give authority to communicate with organisations","Upload credential documents and give organisations access to view","Share bank details with payer organisations such as health funds","Manage tasks sent by organisations","Consent on my behalf when sharing information including personal contact details"]'::jsonb, '2026-11-24T00:00:00Z') ON CONFLICT DO NOTHING;
