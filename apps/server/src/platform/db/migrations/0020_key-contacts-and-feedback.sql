CREATE TABLE "key_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "key_contacts_role_check" CHECK (role IN ('PracticeManager', 'Owner', 'BillingContact', 'ItContact', 'ClinicalLead', 'Other'))
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rating" integer NOT NULL,
	"comments" text NOT NULL,
	"contact_name" text,
	"contact_email" text,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_rating_check" CHECK (rating BETWEEN 1 AND 5)
);
--> statement-breakpoint
ALTER TABLE "key_contacts" ADD CONSTRAINT "key_contacts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "key_contacts_organisation_id_idx" ON "key_contacts" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "key_contacts_one_primary_idx" ON "key_contacts" USING btree ("organisation_id") WHERE is_primary;--> statement-breakpoint
CREATE INDEX "feedback_created_at_idx" ON "feedback" USING btree ("created_at");