CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ra_number" text NOT NULL,
	"given_name" text NOT NULL,
	"family_name" text NOT NULL,
	"email" text,
	"email_confirmed" boolean DEFAULT false NOT NULL,
	"phone" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_profile_complete" boolean DEFAULT false NOT NULL,
	"participation_approval_status" text,
	"show_helper" boolean DEFAULT true NOT NULL,
	"photo_data" text,
	"proda_details_matched_pca" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "users_ra_number_unique" UNIQUE("ra_number"),
	CONSTRAINT "users_participation_approval_status_check" CHECK (participation_approval_status IS NULL OR participation_approval_status IN ('Accepted', 'Declined'))
);
--> statement-breakpoint
CREATE TABLE "auth_requests" (
	"state" text PRIMARY KEY NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"idle_expires_at" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"id_token" text,
	"managing_practitioner_id" uuid,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "practitioner_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"practitioner_id" uuid NOT NULL,
	"profession_number" text NOT NULL,
	"profession" text NOT NULL,
	CONSTRAINT "practitioner_registrations_number_unique" UNIQUE("practitioner_id","profession_number")
);
--> statement-breakpoint
CREATE TABLE "practitioners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"hpii" text,
	"given_name" text NOT NULL,
	"family_name" text NOT NULL,
	"preferred_name" text,
	"personal_email" text,
	"personal_phone" text,
	"photo_data" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practitioners_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "practitioners_hpii_unique" UNIQUE("hpii")
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" uuid,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"alias" text,
	"business_name" text,
	"abn" text,
	"hpio" text,
	"fax" text,
	"website" text,
	"is_publisher" boolean DEFAULT false NOT NULL,
	"publisher_approval_status" text,
	"status" text DEFAULT 'Active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisations_hpio_unique" UNIQUE("hpio"),
	CONSTRAINT "organisations_type_check" CHECK (type IN ('ParticipatingOrganisation', 'HiOrganisation')),
	CONSTRAINT "organisations_status_check" CHECK (status IN ('Active', 'Cancelled', 'Terminated')),
	CONSTRAINT "organisations_publisher_approval_status_check" CHECK (publisher_approval_status IS NULL OR publisher_approval_status IN ('Approved', 'PendingApproval', 'PendingSubmission'))
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text[] DEFAULT '{}'::text[] NOT NULL,
	"address_lines" text[] DEFAULT '{}'::text[] NOT NULL,
	"locality" text,
	"postcode" text,
	"state" text,
	"phone" text,
	"after_hours_phone" text,
	"email" text,
	"fax" text,
	"website" text,
	"suppress_email" boolean DEFAULT false NOT NULL,
	"suppress_phone" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "healthcare_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"location_id" uuid,
	"name" text NOT NULL,
	"service_type" text NOT NULL,
	"description" text,
	"start_date" date,
	"end_date" date,
	"phone" text,
	"after_hours_phone" text,
	"email" text,
	"fax" text,
	"website" text,
	"suppress_email" boolean DEFAULT false NOT NULL,
	"suppress_phone" boolean DEFAULT false NOT NULL,
	"opening_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"nhsd_resource_identifier" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "healthcare_services_nhsd_resource_identifier_unique" UNIQUE("nhsd_resource_identifier")
);
--> statement-breakpoint
CREATE TABLE "practitioner_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"practitioner_id" uuid NOT NULL,
	"healthcare_service_id" uuid NOT NULL,
	"primary_type" text NOT NULL,
	"preferred_name" text,
	"number_of_days" integer,
	"start_date" date NOT NULL,
	"end_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_memberships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"role_type" text NOT NULL,
	"organisation_id" uuid,
	"healthcare_service_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "role_memberships_role_type_check" CHECK (role_type IN ('PcaOperator', 'OrganisationManager', 'HealthcareServiceManager', 'Viewer')),
	CONSTRAINT "role_memberships_scope_check" CHECK ((role_type = 'PcaOperator' AND organisation_id IS NULL AND healthcare_service_id IS NULL) OR (role_type <> 'PcaOperator' AND num_nonnulls(organisation_id, healthcare_service_id) = 1))
);
--> statement-breakpoint
CREATE TABLE "delegations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"practitioner_id" uuid NOT NULL,
	"delegate_user_id" uuid,
	"ra_number" text NOT NULL,
	"given_name" text NOT NULL,
	"family_name" text NOT NULL,
	"email" text NOT NULL,
	"status" text NOT NULL,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delegations_status_check" CHECK (status IN ('Accepted', 'Rejected', 'Stopped', 'Invited', 'Cancelled', 'Pending'))
);
--> statement-breakpoint
CREATE TABLE "information_use_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_service_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "information_use_statements_version_unique" UNIQUE("partner_service_id","version")
);
--> statement-breakpoint
CREATE TABLE "partner_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"feature_flag" text,
	"logo" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_services_code_unique" UNIQUE("code"),
	CONSTRAINT "partner_services_role_check" CHECK (role IN ('directory', 'payer', 'referral'))
);
--> statement-breakpoint
CREATE TABLE "publication_preferences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"partner_service_id" uuid NOT NULL,
	"information_use_statement_id" uuid NOT NULL,
	"publish_service" boolean DEFAULT true NOT NULL,
	"publish_future_practitioners" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publication_preferences_org_partner_unique" UNIQUE("organisation_id","partner_service_id")
);
--> statement-breakpoint
CREATE TABLE "service_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"healthcare_service_id" uuid NOT NULL,
	"partner_service_id" uuid NOT NULL,
	"information_use_statement_id" uuid NOT NULL,
	"publish_service" boolean DEFAULT true NOT NULL,
	"publish_future_practitioners" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_subscriptions_service_partner_unique" UNIQUE("healthcare_service_id","partner_service_id")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"practitioner_id" uuid,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"status" text DEFAULT 'NotComplete' NOT NULL,
	"priority_code" text DEFAULT 'low' NOT NULL,
	"partner_service_id" uuid,
	"reason" text NOT NULL,
	"properties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "tasks_entity_type_check" CHECK (entity_type IN ('Organisation', 'HealthcareService', 'Location', 'PractitionerRole')),
	CONSTRAINT "tasks_status_check" CHECK (status IN ('NotComplete', 'Complete', 'Dismissed')),
	CONSTRAINT "tasks_priority_code_check" CHECK (priority_code IN ('low', 'urgent'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"practitioner_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'Unread' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_external_id_unique" UNIQUE("external_id"),
	CONSTRAINT "notifications_status_check" CHECK (status IN ('Unread', 'Read', 'Archived'))
);
--> statement-breakpoint
CREATE TABLE "nhsd_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nhsd_resource_identifier" text NOT NULL,
	"name" text NOT NULL,
	"service_types" text[] NOT NULL,
	"organisation_name" text NOT NULL,
	"address_lines" text[] DEFAULT '{}'::text[] NOT NULL,
	"city" text NOT NULL,
	"postcode" text NOT NULL,
	"state" text NOT NULL,
	"applies_to" text NOT NULL,
	"phone" text,
	"email" text,
	"website" text,
	CONSTRAINT "nhsd_services_nhsd_resource_identifier_unique" UNIQUE("nhsd_resource_identifier"),
	CONSTRAINT "nhsd_services_applies_to_check" CHECK (applies_to IN ('si', 'home', 'virtual'))
);
--> statement-breakpoint
CREATE TABLE "localities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"locality" text NOT NULL,
	"postcode" text NOT NULL,
	"state" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hi_service_registry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hpii" text NOT NULL,
	"family_name" text NOT NULL,
	"given_name" text NOT NULL,
	"status" text NOT NULL,
	CONSTRAINT "hi_service_registry_hpii_unique" UNIQUE("hpii"),
	CONSTRAINT "hi_service_registry_status_check" CHECK (status IN ('SUCCESS', 'NO_MATCH', 'NOT_ACTIVE', 'NOT_LINKED'))
);
--> statement-breakpoint
CREATE TABLE "value_set_concepts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"value_set_id" uuid NOT NULL,
	"code" text NOT NULL,
	"display" text NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "value_set_concepts_code_unique" UNIQUE("value_set_id","code")
);
--> statement-breakpoint
CREATE TABLE "value_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "value_sets_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" uuid,
	"acting_for_practitioner_id" uuid,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"changed_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"request_id" text
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"status" text DEFAULT 'Pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "mail_outbox_status_check" CHECK (status IN ('Pending', 'Sent', 'Failed'))
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_managing_practitioner_id_practitioners_id_fk" FOREIGN KEY ("managing_practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practitioner_registrations" ADD CONSTRAINT "practitioner_registrations_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practitioners" ADD CONSTRAINT "practitioners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_parent_id_organisations_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "healthcare_services" ADD CONSTRAINT "healthcare_services_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "healthcare_services" ADD CONSTRAINT "healthcare_services_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practitioner_roles" ADD CONSTRAINT "practitioner_roles_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practitioner_roles" ADD CONSTRAINT "practitioner_roles_healthcare_service_id_healthcare_services_id_fk" FOREIGN KEY ("healthcare_service_id") REFERENCES "public"."healthcare_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_memberships" ADD CONSTRAINT "role_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_memberships" ADD CONSTRAINT "role_memberships_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_memberships" ADD CONSTRAINT "role_memberships_healthcare_service_id_healthcare_services_id_fk" FOREIGN KEY ("healthcare_service_id") REFERENCES "public"."healthcare_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delegations" ADD CONSTRAINT "delegations_delegate_user_id_users_id_fk" FOREIGN KEY ("delegate_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "information_use_statements" ADD CONSTRAINT "information_use_statements_partner_service_id_partner_services_id_fk" FOREIGN KEY ("partner_service_id") REFERENCES "public"."partner_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_preferences" ADD CONSTRAINT "publication_preferences_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_preferences" ADD CONSTRAINT "publication_preferences_partner_service_id_partner_services_id_fk" FOREIGN KEY ("partner_service_id") REFERENCES "public"."partner_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_preferences" ADD CONSTRAINT "publication_preferences_information_use_statement_id_information_use_statements_id_fk" FOREIGN KEY ("information_use_statement_id") REFERENCES "public"."information_use_statements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_subscriptions" ADD CONSTRAINT "service_subscriptions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_subscriptions" ADD CONSTRAINT "service_subscriptions_healthcare_service_id_healthcare_services_id_fk" FOREIGN KEY ("healthcare_service_id") REFERENCES "public"."healthcare_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_subscriptions" ADD CONSTRAINT "service_subscriptions_partner_service_id_partner_services_id_fk" FOREIGN KEY ("partner_service_id") REFERENCES "public"."partner_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_subscriptions" ADD CONSTRAINT "service_subscriptions_information_use_statement_id_information_use_statements_id_fk" FOREIGN KEY ("information_use_statement_id") REFERENCES "public"."information_use_statements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_partner_service_id_partner_services_id_fk" FOREIGN KEY ("partner_service_id") REFERENCES "public"."partner_services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "value_set_concepts" ADD CONSTRAINT "value_set_concepts_value_set_id_value_sets_id_fk" FOREIGN KEY ("value_set_id") REFERENCES "public"."value_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_requests_expires_at_idx" ON "auth_requests" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "practitioners_family_given_idx" ON "practitioners" USING btree ("family_name","given_name");--> statement-breakpoint
CREATE INDEX "organisations_parent_id_idx" ON "organisations" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "locations_organisation_id_idx" ON "locations" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "healthcare_services_organisation_id_idx" ON "healthcare_services" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "healthcare_services_location_id_idx" ON "healthcare_services" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "practitioner_roles_practitioner_id_idx" ON "practitioner_roles" USING btree ("practitioner_id");--> statement-breakpoint
CREATE INDEX "practitioner_roles_healthcare_service_id_idx" ON "practitioner_roles" USING btree ("healthcare_service_id");--> statement-breakpoint
CREATE INDEX "role_memberships_user_id_idx" ON "role_memberships" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "role_memberships_organisation_id_idx" ON "role_memberships" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "delegations_practitioner_id_idx" ON "delegations" USING btree ("practitioner_id");--> statement-breakpoint
CREATE INDEX "delegations_delegate_user_id_idx" ON "delegations" USING btree ("delegate_user_id");--> statement-breakpoint
CREATE INDEX "delegations_ra_number_idx" ON "delegations" USING btree ("ra_number");--> statement-breakpoint
CREATE INDEX "service_subscriptions_organisation_id_idx" ON "service_subscriptions" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "tasks_practitioner_status_idx" ON "tasks" USING btree ("practitioner_id","status");--> statement-breakpoint
CREATE INDEX "tasks_entity_idx" ON "tasks" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "notifications_practitioner_status_idx" ON "notifications" USING btree ("practitioner_id","status","created_at");--> statement-breakpoint
CREATE INDEX "nhsd_services_city_idx" ON "nhsd_services" USING btree (lower("city"));--> statement-breakpoint
CREATE INDEX "nhsd_services_postcode_idx" ON "nhsd_services" USING btree ("postcode");--> statement-breakpoint
CREATE INDEX "nhsd_services_service_types_idx" ON "nhsd_services" USING gin ("service_types");--> statement-breakpoint
CREATE INDEX "localities_locality_prefix_idx" ON "localities" USING btree (lower("locality") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "localities_postcode_idx" ON "localities" USING btree ("postcode");--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "mail_outbox_status_created_idx" ON "mail_outbox" USING btree ("status","created_at");