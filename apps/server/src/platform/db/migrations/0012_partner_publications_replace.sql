DROP TABLE "publication_preferences" CASCADE;--> statement-breakpoint
DROP TABLE "service_subscriptions" CASCADE;