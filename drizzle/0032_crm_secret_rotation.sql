ALTER TABLE "crm_integrations" ADD COLUMN "signing_secret_rotated_at" timestamp with time zone;
