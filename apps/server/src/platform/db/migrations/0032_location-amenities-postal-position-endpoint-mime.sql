ALTER TABLE "locations" ADD COLUMN "amenities" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "postal_address_line" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "postal_locality" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "postal_postcode" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "postal_state" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "endpoints" ADD COLUMN "payload_mime_types" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_position_check" CHECK (("locations"."latitude" is null) = ("locations"."longitude" is null) and "locations"."latitude" between -90 and 90 and "locations"."longitude" between -180 and 180);