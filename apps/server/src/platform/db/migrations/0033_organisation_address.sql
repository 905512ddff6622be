ALTER TABLE "organisations" ADD COLUMN "address_line" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "locality" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "postcode" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "state" text;