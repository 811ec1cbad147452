// The REST twin of scripts/example-client.ts, for callers that are not TypeScript tRPC clients: its types
// come from the served OpenAPI document through openapi-typescript (npm run check:openapi writes them to
// .openapi/api.d.ts and type-checks this file against them), so a route or field the document does not
// promise fails to compile. Signs in with a bearer token (a session token or an API key with the
// salespeople:read, appointments:read and appointments:write scopes), lists salespeople and books the first
// free slot of the first one found.
//
//   KB_URL=http://localhost:3000 KB_TOKEN=<token> npx tsx scripts/openapi-client/example.ts
import createClient from "openapi-fetch";
import type { paths } from "../../.openapi/api";

const baseUrl = (process.env.KB_URL ?? "http://localhost:3000").replace(/\/$/, "");
const token = process.env.KB_TOKEN;
if (!token) throw new Error("Set KB_TOKEN (a session token or an API key)");
const api = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${token}` } });

/** The answer's body, or the API's `{ message, code }` as an error. */
function ok<T>(answer: { data?: T; error?: unknown; response: Response }): T {
  if (answer.data === undefined) {
    const { message, code } = (answer.error ?? {}) as { message?: string; code?: string };
    throw new Error(`${answer.response.status}: ${message ?? "no answer"} (${code ?? "error"})`);
  }
  return answer.data;
}

async function main() {
  const me = ok(await api.GET("/api/auth/user"));
  console.log(`signed in as ${me.email} (${me.role})`);

  const listed = await api.GET("/api/salespeople", {
    params: { query: { city: process.env.KB_CITY, limit: 5 } },
  });
  const found = ok(listed);
  console.log(`salespeople: ${found.length} of ${listed.response.headers.get("X-Total-Count")}`);
  for (const person of found)
    console.log(`  #${person.id} ${person.name}, ${person.dealership ?? "independent"}`);

  const person = found[0];
  if (!person) throw new Error("No salesperson matches these filters");
  const firstDay = Number(process.env.KB_DAYS_AHEAD ?? 1);
  for (let ahead = firstDay; ahead < firstDay + 30; ahead++) {
    const date = new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
    const day = ok(
      await api.GET("/api/appointments/salesperson/{id}/{date}", {
        params: { path: { id: person.id, date } },
      }),
    );
    const slot = day.slots.find((s) => s.state === "available");
    if (!slot) continue;
    const booked = ok(
      await api.POST("/api/appointments", {
        body: {
          salespersonId: person.id,
          date,
          time: slot.time,
          appointmentType: "Test Drive",
          customerName: [me.firstName, me.lastName].filter(Boolean).join(" ") || "Example Buyer",
          customerPhone: "(512) 555-0101",
          customerEmail: me.email,
        },
      }),
    );
    console.log(`booked appointment #${booked.id} with ${person.name} on ${date} at ${slot.time}`);
    console.log(JSON.stringify({ appointmentId: booked.id }));
    return;
  }
  throw new Error(`${person.name} has no free slot in the next 30 days`);
}

main().catch((error: unknown) => {
  console.error(`example REST client: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
