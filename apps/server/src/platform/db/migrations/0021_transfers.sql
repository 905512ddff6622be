CREATE TABLE "transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_type" text NOT NULL,
	"location_id" uuid,
	"healthcare_service_id" uuid,
	"entity_name" text NOT NULL,
	"from_organisation_id" uuid NOT NULL,
	"to_organisation_id" uuid NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"reason" text NOT NULL,
	"requested_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by_user_id" uuid,
	"decided_at" timestamp with time zone,
	"decline_reason" text,
	"outcome" jsonb,
	CONSTRAINT "transfers_entity_type_check" CHECK (entity_type IN ('Location', 'HealthcareService')),
	CONSTRAINT "transfers_status_check" CHECK (status IN ('Pending', 'Completed', 'Declined', 'Cancelled')),
	CONSTRAINT "transfers_one_entity" CHECK ("transfers"."location_id" IS NULL OR "transfers"."healthcare_service_id" IS NULL),
	CONSTRAINT "transfers_other_organisation" CHECK ("transfers"."from_organisation_id" <> "transfers"."to_organisation_id")
);
--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_healthcare_service_id_healthcare_services_id_fk" FOREIGN KEY ("healthcare_service_id") REFERENCES "public"."healthcare_services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_from_organisation_id_organisations_id_fk" FOREIGN KEY ("from_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_to_organisation_id_organisations_id_fk" FOREIGN KEY ("to_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_pending_location_unique" ON "transfers" USING btree ("location_id") WHERE "transfers"."status" = 'Pending' AND "transfers"."location_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_pending_service_unique" ON "transfers" USING btree ("healthcare_service_id") WHERE "transfers"."status" = 'Pending' AND "transfers"."healthcare_service_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "transfers_status_created_idx" ON "transfers" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "transfers_from_organisation_idx" ON "transfers" USING btree ("from_organisation_id");--> statement-breakpoint
CREATE INDEX "transfers_to_organisation_idx" ON "transfers" USING btree ("to_organisation_id");