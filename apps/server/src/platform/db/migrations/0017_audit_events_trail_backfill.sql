-- Custom SQL (docs/decisions/061-audit-events.md): fills the trail columns of the events written before
-- 0016 by the rules appendAudit applies to new ones (platform/audit.ts organisationOf, subjectPractitionerOf).
UPDATE "audit_events" e SET "organisation_id" = coalesce(
  CASE
    WHEN e."entity_id" !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN NULL
    WHEN e."entity_type" IN ('Organisation', 'organisation') THEN e."entity_id"::uuid
    WHEN e."entity_type" = 'Location' THEN (SELECT "organisation_id" FROM "locations" WHERE "id" = e."entity_id"::uuid)
    WHEN e."entity_type" = 'HealthcareService' THEN (SELECT "organisation_id" FROM "healthcare_services" WHERE "id" = e."entity_id"::uuid)
    WHEN e."entity_type" = 'PractitionerRole' THEN (SELECT s."organisation_id" FROM "practitioner_roles" r JOIN "healthcare_services" s ON s."id" = r."healthcare_service_id" WHERE r."id" = e."entity_id"::uuid)
    WHEN e."entity_type" = 'PartnerPublication' THEN (SELECT "organisation_id" FROM "partner_publications" WHERE "id" = e."entity_id"::uuid)
    WHEN e."entity_type" = 'PublicationEmailRecipient' THEN (SELECT "organisation_id" FROM "publication_email_recipients" WHERE "id" = e."entity_id"::uuid)
  END,
  CASE WHEN e."changed_fields"->>'organisationId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    THEN (e."changed_fields"->>'organisationId')::uuid END
)
WHERE e."organisation_id" IS NULL;--> statement-breakpoint
UPDATE "audit_events" e SET "subject_practitioner_id" = coalesce(
  e."acting_for_practitioner_id",
  CASE
    WHEN e."entity_id" !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN NULL
    WHEN e."entity_type" IN ('Practitioner', 'practitioner') THEN e."entity_id"::uuid
    WHEN e."entity_type" = 'PractitionerRole' THEN (SELECT "practitioner_id" FROM "practitioner_roles" WHERE "id" = e."entity_id"::uuid)
    WHEN e."entity_type" = 'practitioner-publication' THEN (SELECT "practitioner_id" FROM "practitioner_publications" WHERE "id" = e."entity_id"::uuid)
    WHEN e."entity_type" = 'delegation' THEN (SELECT "practitioner_id" FROM "delegations" WHERE "id" = e."entity_id"::uuid)
    WHEN e."entity_type" = 'task' THEN (SELECT "practitioner_id" FROM "tasks" WHERE "id" = e."entity_id"::uuid)
    WHEN e."entity_type" = 'notification' THEN (SELECT "practitioner_id" FROM "notifications" WHERE "id" = e."entity_id"::uuid)
  END
)
WHERE e."subject_practitioner_id" IS NULL;
