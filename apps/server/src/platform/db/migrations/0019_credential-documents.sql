CREATE TABLE "credential_document_shares" (
	"document_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	CONSTRAINT "credential_document_shares_document_id_organisation_id_pk" PRIMARY KEY("document_id","organisation_id")
);
--> statement-breakpoint
CREATE TABLE "credential_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"practitioner_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"issue_date" date NOT NULL,
	"expiry_date" date NOT NULL,
	"file_name" text NOT NULL,
	"media_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expiry_reminder_sent_for" date,
	CONSTRAINT "credential_documents_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "credential_documents_type_check" CHECK (type IN ('RegistrationCertificate', 'ProfessionalIndemnityInsurance', 'Qualification', 'Other')),
	CONSTRAINT "credential_documents_media_type_check" CHECK (media_type IN ('application/pdf', 'image/png', 'image/jpeg')),
	CONSTRAINT "credential_documents_dates_check" CHECK ("credential_documents"."expiry_date" > "credential_documents"."issue_date"),
	CONSTRAINT "credential_documents_size_check" CHECK ("credential_documents"."size_bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "tasks" DROP CONSTRAINT "tasks_entity_type_check";--> statement-breakpoint
ALTER TABLE "tasks" DROP CONSTRAINT "tasks_kind_check";--> statement-breakpoint
ALTER TABLE "credential_document_shares" ADD CONSTRAINT "credential_document_shares_document_id_credential_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."credential_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credential_document_shares" ADD CONSTRAINT "credential_document_shares_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credential_documents" ADD CONSTRAINT "credential_documents_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credential_documents" ADD CONSTRAINT "credential_documents_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credential_document_shares_organisation_idx" ON "credential_document_shares" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "credential_documents_practitioner_idx" ON "credential_documents" USING btree ("practitioner_id");--> statement-breakpoint
CREATE INDEX "credential_documents_expiry_idx" ON "credential_documents" USING btree ("expiry_date");--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_entity_type_check" CHECK (entity_type IN ('Organisation', 'HealthcareService', 'Location', 'PractitionerRole', 'CredentialDocument'));--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_kind_check" CHECK (kind IN ('VerifyInformation', 'OnlineForm', 'ConfirmDetails', 'CredentialExpiry'));