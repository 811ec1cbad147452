import { Code, List, Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { InfoPage, type InfoSection } from "../../ui/InfoPage";
import { PublicLayout } from "../../ui/layout/PublicLayout";
import { actionsLedBy, DEALERSHIP_FAQ, PRIVACY_POLICY } from "../../ui/pageActions";

const C = ({ children }: { children: ReactNode }) => <Code size="sm">{children}</Code>;

/** A list of a section's points. */
function Points({ items }: { items: readonly ReactNode[] }) {
  return (
    <List.Root gap="1.5" ps="5">
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list that never reorders
        <List.Item key={index}>{item}</List.Item>
      ))}
    </List.Root>
  );
}

/** Running KnowBefore in production: the same guide as the README's Production section. */
const PRODUCTION_SECTIONS: InfoSection[] = [
  {
    title: "Production: build and required settings",
    body: (
      <Stack gap="3">
        <p>
          Build once (<C>npm ci && npm run build</C>) and run <C>npm run serve</C> (node with the heap flags
          package.json declares; a server started without them says so in its log) with{" "}
          <C>NODE_ENV=production</C> on each instance; it migrates the database, then serves the API and the
          built client on <C>PORT</C>.
        </p>
        <Points
          items={[
            <>
              <C>APP_URL</C> (required): the public origin, used in e-mailed links and the CSRF Origin check.
            </>,
            <>
              <C>ADMIN_CODE</C> (required): a long random secret of your own, asked of administrators at
              sign-in.
            </>,
            <>
              <C>SMTP_URL</C> (required, with <C>MAIL_FROM</C>): sign-in links go out by e-mail.
            </>,
            <>
              <C>CRM_ENCRYPTION_KEY</C> (required): 32 bytes (<C>openssl rand -base64 32</C>) that encrypt CRM
              credentials at rest; keep it with your backups.
            </>,
            <>
              <C>DATABASE_URL</C>: a managed PostgreSQL. In production an empty database starts empty (demo
              data only with <C>SEED_ON_START=true</C>); start it, then create the first administrator with{" "}
              <C>npm run admin:create -- --email … --name …</C> beside it.
            </>,
            <>
              <C>HOST=0.0.0.0</C> so the load balancer reaches the instance; <C>TRUST_PROXY</C> the number of
              your own proxies in front of it (<C>1</C> behind one load balancer); <C>COOKIE_SECURE</C>{" "}
              defaults to true in production.
            </>,
            <>
              <C>STRIPE_SECRET_KEY</C>, <C>STRIPE_WEBHOOK_SECRET</C> and <C>STRIPE_PUBLISHABLE_KEY</C> to take
              payments, with the webhook at <C>https://&lt;host&gt;/api/stripe/webhook</C>.
            </>,
            <>
              <C>LOG_LEVEL</C> (default info), <C>SHUTDOWN_TIMEOUT_MS</C> (how long requests in flight and
              running jobs may take after SIGTERM, default 10000) and <C>DB_POOL_SIZE</C> (connections per
              instance, default 10; browse opens up to as many more, in two pools of half as many, the job
              queue up to 4).
            </>,
          ]}
        />
        <p>
          Without <C>APP_URL</C>, <C>ADMIN_CODE</C>, <C>SMTP_URL</C> or <C>CRM_ENCRYPTION_KEY</C> a production
          start refuses in one line naming the missing one.
        </p>
      </Stack>
    ),
  },
  {
    title: "Production: database",
    body: (
      <p>
        A managed PostgreSQL 18 (the version the app is developed and tested on; its job queue needs 13 or
        newer). The migrations create the extensions <C>citext</C>, <C>btree_gist</C> and <C>pg_trgm</C>,
        which the database owner may create. Size <C>max_connections</C> for instances × (2 ×{" "}
        <C>DB_POOL_SIZE</C> + 4).
      </p>
    ),
  },
  {
    title: "Production: several instances behind a load balancer",
    body: (
      <p>
        Instances keep no state of their own: sessions, rate-limit counters, the job queue and its schedules
        live in PostgreSQL, so any instance serves any request and a scheduled job runs once across all of
        them. The public browse cache is held per instance: an entry is fresh for <C>BROWSE_CACHE_TTL_MS</C>{" "}
        (default 5000 ms) and may be served stale as long again while it refreshes, so results can be up to
        twice that old. So is the browse index, every listed salesperson in memory, which follows the
        database's notices of each change within moments (<C>BROWSE_INDEX=false</C> turns it off).
      </p>
    ),
  },
  {
    title: "Production: health checks and shutdown",
    body: (
      <p>
        Liveness: <C>GET /api/health</C> answers 200 while the process runs. Readiness: <C>GET /api/ready</C>{" "}
        answers 200 when the database answers and has applied every migration of this release, 503 with the
        reason otherwise. On SIGTERM an instance stops taking connections and lets requests and jobs finish
        within <C>SHUTDOWN_TIMEOUT_MS</C>: give the load balancer's deregistration delay and the stop grace
        period more than that.
      </p>
    ),
  },
  {
    title: "Production: logs",
    body: (
      <p>
        One JSON object per line (time, level, msg, and the error with its stack), info on stdout, warnings
        and errors on stderr, secrets redacted. Every answer carries an <C>X-Request-Id</C> header and every
        line logged for that request the same <C>requestId</C>; an id sent by the load balancer is kept.
      </p>
    ),
  },
  {
    title: "Production: migrations on deploy",
    body: (
      <p>
        Every start applies the migrations it is missing, all in one transaction, before serving, holding a
        PostgreSQL advisory lock (as it does while it sets up the job queue): instances of a new release that
        start together migrate one after the other. An instance answers <C>/api/ready</C> with 200 once its
        migrations are current. Old instances stay ready while a newer release migrates, so write migrations
        the previous release can run against.
      </p>
    ),
  },
  {
    title: "Production: backups",
    body: (
      <p>
        <C>npm run db:backup</C> writes a consistent logical backup of the app's schemas to one gzip file (by
        default under <C>backups/</C>, or <C>--out &lt;file&gt;</C>) while the app runs.{" "}
        <C>npm run db:restore -- &lt;file&gt; [--yes]</C> restores one with every instance stopped: a database
        with data is only replaced with <C>--yes</C>, a backup from a newer release is refused, and the load
        runs in one transaction, so a damaged file or any failure leaves the database as it was. Restore needs
        a superuser, or on PostgreSQL 15+ <C>GRANT SET ON PARAMETER session_replication_role</C>. Keep the
        managed database's snapshots and point-in-time recovery, or <C>pg_dump</C>, as well, and keep{" "}
        <C>CRM_ENCRYPTION_KEY</C> wherever the backups are.
      </p>
    ),
  },
  {
    title: "Production: integrators",
    body: (
      <p>
        The OpenAPI document is at <C>/api/openapi.json</C> and a readable reference at <C>/api/docs</C>.
        Programs authenticate with an API key sent as <C>Authorization: Bearer &lt;key&gt;</C>: dealership
        managers and administrators create keys on the API keys page, each with the scopes it may use; a key
        acts as the account that made it, within those scopes, and can be revoked there.
      </p>
    ),
  },
];

/** /deployment-guide: how a dealership goes live on KnowBefore, and how KnowBefore runs in production. */
export function DeploymentGuidePage() {
  return (
    <PublicLayout>
      <InfoPage
        eyebrow="Resources"
        title="Deployment Guide"
        description="How a dealership goes live on KnowBefore: apply, set up the dealership, invite and verify the team, complete profiles, connect your CRM."
        lead="How a dealership goes live on KnowBefore, from its application to the first customer booking."
        sections={[
          {
            title: "1. Set up your dealership",
            body: (
              <p>
                We create your dealership with its address, phone, website and time zone, and name your
                manager.
              </p>
            ),
          },
          {
            title: "2. Invite your team",
            body: (
              <p>
                Salespeople register in the salesperson portal with their work email. Your manager confirms
                each one, which verifies their profile.
              </p>
            ),
          },
          {
            title: "3. Complete profiles",
            body: (
              <p>
                Each salesperson adds a photo, bio, specialties and availability so customers can book them.
              </p>
            ),
          },
          {
            title: "4. Connect your systems (optional)",
            body: (
              <p>
                Your manager connects your CRM on the CRM page: bookings, cancellations, completed visits,
                reviews and leads are sent to it as signed webhooks, with a log of every delivery.
              </p>
            ),
          },
          {
            title: "5. Go live",
            body: (
              <p>
                Buyers can now find your team, book appointments in your dealership's time zone and review
                each visit. Your manager follows ratings, bookings and feedback from the manager dashboard,
                and compares the dealership with the market in Business Intelligence.
              </p>
            ),
          },
          ...PRODUCTION_SECTIONS,
        ]}
        actions={actionsLedBy({ label: "Contact us to start", to: "/contact" }, DEALERSHIP_FAQ)}
      />
    </PublicLayout>
  );
}

/** /security-compliance: how KnowBefore protects accounts and data. */
export function SecurityCompliancePage() {
  return (
    <PublicLayout>
      <InfoPage
        eyebrow="Trust"
        title="Security & Compliance"
        description="How KnowBefore protects accounts and personal data: passwordless sign-in, hashed tokens, session limits, origin checks, rate limits and audit records."
        lead="How KnowBefore protects buyers, salespeople and dealerships, and how we handle personal data."
        pointsHeading="How we protect you"
        points={[
          "Passwordless sign-in: single-use links that expire after 15 minutes",
          "Only hashes of sign-in and session tokens are stored, never the tokens",
          "Sessions end after 30 days without use and after 90 days at the latest; see and end yours on the Security page",
          "Two-factor authentication with any authenticator app, single-use backup codes, and a lock after 5 wrong codes",
          "Every change is checked to come from our own site (protection against cross-site requests)",
          "Rate limits on sign-in links, administrator sign-in and the contact form",
          "Administrators sign in with a password (scrypt-hashed) and a separate admin code",
          "Audit records of sign-ins, refused access and administrator changes, with risk levels from stated rules",
          "Retention periods enforced by a daily cleanup",
          "Reviews tied to completed appointments to prevent fake feedback",
        ]}
        sections={[
          {
            title: "Your data",
            body: (
              <p>
                Our privacy policy lists every kind of personal data we store, why, and for how long. Once
                signed in, you can ask for a copy of your data, a correction, erasure or a restriction on the
                Compliance page; we answer within 30 days, and an export can be downloaded as JSON or as CSV
                files.
              </p>
            ),
          },
        ]}
        actions={actionsLedBy(PRIVACY_POLICY, { label: "Report a security issue", to: "/contact" })}
      />
    </PublicLayout>
  );
}
