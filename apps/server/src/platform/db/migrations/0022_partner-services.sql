CREATE TABLE "partner_identifier_systems" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_service_id" uuid NOT NULL,
	"system" text NOT NULL,
	"name" text NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_identifier_systems_partner_system_unique" UNIQUE("partner_service_id","system")
);
--> statement-breakpoint
ALTER TABLE "information_use_statements" ADD COLUMN "published_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "partner_services" ADD COLUMN "shown_to_providers" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_services" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "partner_services" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "partner_services" ADD COLUMN "contact_phone" text;--> statement-breakpoint
ALTER TABLE "partner_services" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_identifier_systems" ADD CONSTRAINT "partner_identifier_systems_partner_service_id_partner_services_id_fk" FOREIGN KEY ("partner_service_id") REFERENCES "public"."partner_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_identifier_systems" ADD CONSTRAINT "partner_identifier_systems_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "information_use_statements" ADD CONSTRAINT "information_use_statements_published_by_user_id_users_id_fk" FOREIGN KEY ("published_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;