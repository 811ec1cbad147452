-- Names that travel with invitations (invitations.name), for what was sent before they did: an open manager
-- invitation made by approving a dealership application takes the applicant's name from the application, and
-- a manager account that accepted one without a name takes it too. Salesperson invitations' names were only in
-- their e-mail's job: those stay without one, and the acceptance page asks as before.
UPDATE "invitations" i
   SET "name" = regexp_replace(trim(a."applicant_name"), '\s+', ' ', 'g')
  FROM "dealership_applications" a
 WHERE i."name" IS NULL AND i."role" = 'manager' AND i."accepted_at" IS NULL
   AND a."status" = 'approved' AND a."dealership_id" = i."dealership_id" AND a."applicant_email" = i."email";
--> statement-breakpoint
UPDATE "users" u
   SET "first_name" = substring(n.full from '^\S+'),
       "last_name" = nullif(regexp_replace(n.full, '^\S+\s*', ''), ''),
       "updated_at" = now()
  FROM "dealerships" d
  JOIN "dealership_applications" a ON a."dealership_id" = d."id" AND a."status" = 'approved'
  CROSS JOIN LATERAL (SELECT regexp_replace(trim(a."applicant_name"), '\s+', ' ', 'g') AS full) n
 WHERE d."manager_id" = u."id" AND a."applicant_email" = u."email"
   AND coalesce(trim(u."first_name"), '') = '' AND coalesce(trim(u."last_name"), '') = ''
   AND n.full <> '';
