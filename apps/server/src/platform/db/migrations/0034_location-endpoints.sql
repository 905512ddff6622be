ALTER TABLE "endpoints" ADD COLUMN "location_id" uuid;--> statement-breakpoint
ALTER TABLE "endpoints" ADD CONSTRAINT "endpoints_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "endpoints_location_idx" ON "endpoints" USING btree ("location_id");--> statement-breakpoint
ALTER TABLE "endpoints" ADD CONSTRAINT "endpoints_one_owner_check" CHECK ("endpoints"."healthcare_service_id" is null or "endpoints"."location_id" is null);