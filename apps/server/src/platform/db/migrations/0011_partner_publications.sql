CREATE TABLE "client_systems" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_service_id" uuid NOT NULL,
	"name" text NOT NULL,
	"client_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"secret_hint" text NOT NULL,
	"secret_issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_systems_client_id_unique" UNIQUE("client_id")
);
--> statement-breakpoint
CREATE TABLE "partner_publications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_service_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"location_id" uuid,
	"healthcare_service_id" uuid,
	"publish" boolean DEFAULT true NOT NULL,
	"publish_future_practitioners" boolean DEFAULT false NOT NULL,
	"information_use_statement_id" uuid,
	"accepted_by_user_id" uuid,
	"accepted_at" timestamp with time zone,
	"updated_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_publications_level_partner_unique" UNIQUE NULLS NOT DISTINCT("partner_service_id","organisation_id","location_id","healthcare_service_id"),
	CONSTRAINT "partner_publications_one_level" CHECK ("partner_publications"."location_id" IS NULL OR "partner_publications"."healthcare_service_id" IS NULL),
	CONSTRAINT "partner_publications_publish_needs_statement" CHECK (NOT "partner_publications"."publish" OR "partner_publications"."information_use_statement_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "practitioner_publications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"practitioner_id" uuid NOT NULL,
	"partner_service_id" uuid NOT NULL,
	"publish" boolean DEFAULT true NOT NULL,
	"personal_contact_requested_at" timestamp with time zone,
	"share_personal_contact" boolean DEFAULT false NOT NULL,
	"updated_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practitioner_publications_practitioner_partner_unique" UNIQUE("practitioner_id","partner_service_id"),
	CONSTRAINT "practitioner_publications_contact_needs_request" CHECK (NOT "practitioner_publications"."share_personal_contact" OR "practitioner_publications"."personal_contact_requested_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "publication_email_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publication_email_recipients_org_email_unique" UNIQUE("organisation_id","email")
);
--> statement-breakpoint
ALTER TABLE "client_systems" ADD CONSTRAINT "client_systems_partner_service_id_partner_services_id_fk" FOREIGN KEY ("partner_service_id") REFERENCES "public"."partner_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_systems" ADD CONSTRAINT "client_systems_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_publications" ADD CONSTRAINT "partner_publications_partner_service_id_partner_services_id_fk" FOREIGN KEY ("partner_service_id") REFERENCES "public"."partner_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_publications" ADD CONSTRAINT "partner_publications_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_publications" ADD CONSTRAINT "partner_publications_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_publications" ADD CONSTRAINT "partner_publications_healthcare_service_id_healthcare_services_id_fk" FOREIGN KEY ("healthcare_service_id") REFERENCES "public"."healthcare_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_publications" ADD CONSTRAINT "partner_publications_information_use_statement_id_information_use_statements_id_fk" FOREIGN KEY ("information_use_statement_id") REFERENCES "public"."information_use_statements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_publications" ADD CONSTRAINT "partner_publications_accepted_by_user_id_users_id_fk" FOREIGN KEY ("accepted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_publications" ADD CONSTRAINT "partner_publications_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practitioner_publications" ADD CONSTRAINT "practitioner_publications_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practitioner_publications" ADD CONSTRAINT "practitioner_publications_partner_service_id_partner_services_id_fk" FOREIGN KEY ("partner_service_id") REFERENCES "public"."partner_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practitioner_publications" ADD CONSTRAINT "practitioner_publications_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_email_recipients" ADD CONSTRAINT "publication_email_recipients_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_email_recipients" ADD CONSTRAINT "publication_email_recipients_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_systems_partner_service_id_idx" ON "client_systems" USING btree ("partner_service_id");--> statement-breakpoint
CREATE INDEX "partner_publications_organisation_id_idx" ON "partner_publications" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "partner_publications_location_id_idx" ON "partner_publications" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "partner_publications_healthcare_service_id_idx" ON "partner_publications" USING btree ("healthcare_service_id");--> statement-breakpoint
-- The organisations' standing choices and the healthcare services' subscriptions become publications at the
-- organisation and healthcare-service levels; who accepted their statements was never recorded.
INSERT INTO "partner_publications" ("id", "partner_service_id", "organisation_id", "publish", "publish_future_practitioners", "information_use_statement_id", "accepted_at", "created_at", "updated_at")
SELECT "id", "partner_service_id", "organisation_id", "publish_service", "publish_future_practitioners", "information_use_statement_id", "created_at", "created_at", "updated_at" FROM "publication_preferences";
--> statement-breakpoint
INSERT INTO "partner_publications" ("id", "partner_service_id", "organisation_id", "healthcare_service_id", "publish", "publish_future_practitioners", "information_use_statement_id", "accepted_at", "created_at", "updated_at")
SELECT "id", "partner_service_id", "organisation_id", "healthcare_service_id", "publish_service", "publish_future_practitioners", "information_use_statement_id", "created_at", "created_at", "created_at" FROM "service_subscriptions";
