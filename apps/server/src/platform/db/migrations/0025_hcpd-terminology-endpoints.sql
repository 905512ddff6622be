CREATE TABLE "terminology_concepts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"value_set" text NOT NULL,
	"system" text NOT NULL,
	"code" text NOT NULL,
	"display" text NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "terminology_concepts_value_set_code_unique" UNIQUE("value_set","code"),
	CONSTRAINT "terminology_concepts_value_set_check" CHECK (value_set in ('service-type', 'practitioner-role', 'clinical-specialty'))
);
--> statement-breakpoint
CREATE TABLE "terminology_mappings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"value_set" text NOT NULL,
	"text_key" text NOT NULL,
	"concept_id" uuid NOT NULL,
	"source" text NOT NULL,
	"mapped_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terminology_mappings_value_set_text_unique" UNIQUE("value_set","text_key")
);
--> statement-breakpoint
CREATE TABLE "endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"healthcare_service_id" uuid,
	"name" text NOT NULL,
	"connection_type" text NOT NULL,
	"payload_type" text NOT NULL,
	"address" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "endpoints_status_check" CHECK (status in ('active', 'suspended', 'off'))
);
--> statement-breakpoint
ALTER TABLE "terminology_mappings" ADD CONSTRAINT "terminology_mappings_concept_id_terminology_concepts_id_fk" FOREIGN KEY ("concept_id") REFERENCES "public"."terminology_concepts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "endpoints" ADD CONSTRAINT "endpoints_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "endpoints" ADD CONSTRAINT "endpoints_healthcare_service_id_healthcare_services_id_fk" FOREIGN KEY ("healthcare_service_id") REFERENCES "public"."healthcare_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "terminology_mappings_concept_idx" ON "terminology_mappings" USING btree ("concept_id");--> statement-breakpoint
CREATE INDEX "endpoints_organisation_idx" ON "endpoints" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "endpoints_service_idx" ON "endpoints" USING btree ("healthcare_service_id");