// A typed tRPC client for scripts: signs in with a bearer token, lists salespeople with filters and the
// caller's appointments, and books the first free slot of the first salesperson found. Every call is checked
// against the server's router types (`import type { AppRouter }`), so a renamed field fails to compile.
//
//   KB_URL=http://localhost:3000 KB_TOKEN=<session token> npx tsx scripts/example-client.ts
//   KB_EMAIL=buyer@example.com npx tsx scripts/example-client.ts   (a local demo server: signs in by link)
//
// Options (environment): KB_CITY, KB_RATING (3, 4 or 5), KB_DAYS_AHEAD (first day to look for a slot, 1).
import { createTRPCClient, httpLink, TRPCClientError } from "@trpc/client";
import superjson from "superjson";
import type { AppRouter } from "../src/server/trpc/root";

const baseUrl = (process.env.KB_URL ?? "http://localhost:3000").replace(/\/$/, "");

function client(token?: string, onResponse?: (res: Response) => void) {
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${baseUrl}/trpc`,
        transformer: superjson,
        // Signed in: the bearer token. Signing in (no token yet): the app's own Origin, as its pages send,
        // which the server's cross-site check asks of state-changing requests without a bearer token.
        headers: () => (token ? { authorization: `Bearer ${token}` } : { origin: new URL(baseUrl).origin }),
        fetch: async (input, init) => {
          const res = await fetch(input, init);
          onResponse?.(res);
          return res;
        },
      }),
    ],
  });
}

/**
 * Without KB_TOKEN: asks for a sign-in link for KB_EMAIL and redeems it. A local demo server (development,
 * on this machine) answers the link to a request from this machine; elsewhere it goes by e-mail only.
 */
async function signIn(): Promise<string> {
  if (process.env.KB_TOKEN) return process.env.KB_TOKEN;
  const email = process.env.KB_EMAIL;
  if (!email) throw new Error("Set KB_TOKEN (a session token) or KB_EMAIL (on a local demo server)");
  const asked = await client().auth.requestLogin.mutate({ email });
  const link = asked.magicLink;
  if (!link) throw new Error(`${asked.message} Open the link, then run again with KB_TOKEN set.`);
  const linkToken = new URL(link).searchParams.get("token");
  if (!linkToken) throw new Error("The sign-in link carries no token");
  let session: string | undefined;
  await client(undefined, (res) => {
    for (const cookie of res.headers.getSetCookie())
      session = cookie.match(/^kb_session=([^;]+)/)?.[1] ?? session;
  }).auth.redeemLink.mutate({ token: linkToken });
  if (!session) throw new Error("Signing in answered no session (is two-factor authentication on?)");
  return session;
}

async function main() {
  const api = client(await signIn());
  const me = await api.auth.currentUser.query();
  console.log(`signed in as ${me.email} (${me.role})`);

  const found = await api.salespeople.list.query({
    city: process.env.KB_CITY,
    rating: process.env.KB_RATING as "3" | "4" | "5" | undefined,
    limit: 5,
  });
  console.log(`salespeople: ${found.items.length} of ${found.total}`);
  for (const person of found.items)
    console.log(
      `  #${person.id} ${person.name}, ${person.dealership ?? "independent"} (${person.averageRating ?? "no"} stars)`,
    );

  const before = await api.appointments.forCustomer.query({ userId: me.id });
  console.log(`your appointments: ${before.length}`);

  const person = found.items[0];
  if (!person) throw new Error("No salesperson matches these filters");
  const firstDay = Number(process.env.KB_DAYS_AHEAD ?? 1);
  for (let ahead = firstDay; ahead < firstDay + 30; ahead++) {
    const date = new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
    const day = await api.appointments.daySlots.query({ id: person.id, date });
    const slot = day.slots.find((s) => s.state === "available");
    if (!slot) continue;
    const booked = await api.appointments.book.mutate({
      salespersonId: person.id,
      date,
      time: slot.time,
      appointmentType: "Test Drive",
      customerName: [me.firstName, me.lastName].filter(Boolean).join(" ") || "Example Buyer",
      customerPhone: me.phone ?? "(512) 555-0101",
      customerEmail: me.email,
    });
    console.log(`booked appointment #${booked.id} with ${person.name} on ${date} at ${slot.time}`);
    const after = await api.appointments.forCustomer.query({ userId: me.id });
    console.log(`your appointments: ${after.length}`);
    console.log(JSON.stringify({ appointmentId: booked.id, before: before.length, after: after.length }));
    return;
  }
  throw new Error(`${person.name} has no free slot in the next 30 days`);
}

main().catch((error: unknown) => {
  const message =
    error instanceof TRPCClientError ? `${error.message} (${error.data?.code ?? "error"})` : String(error);
  console.error(`example client: ${message}`);
  process.exit(1);
});
