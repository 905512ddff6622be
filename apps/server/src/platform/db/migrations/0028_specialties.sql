ALTER TABLE "healthcare_services" ADD COLUMN "specialty" text;--> statement-breakpoint
ALTER TABLE "practitioner_roles" ADD COLUMN "specialty" text;