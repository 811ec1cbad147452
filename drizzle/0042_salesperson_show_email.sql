ALTER TABLE "salespeople" ADD COLUMN "show_email" boolean DEFAULT false NOT NULL;
