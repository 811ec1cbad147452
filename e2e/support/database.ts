// The e2e server's own database, for journeys that set up or read rows directly.
import postgres from "postgres";

/** The embedded PostgreSQL of the e2e server (scripts/e2e-server.ts starts it on the app port + 1). */
export function e2eDatabase() {
  const port = Number(process.env.E2E_PORT ?? 4173) + 1;
  return postgres(`postgres://postgres:postgres@127.0.0.1:${port}/knowbefore`, {
    max: 1,
    onnotice: () => {},
  });
}
