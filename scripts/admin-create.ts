// `npm run admin:create [-- --email you@example.com --name "Your Name"]`: creates an administrator, or makes an
// existing account one and sets its password. The password is read from ADMIN_PASSWORD or asked for (not
// echoed); the e-mail from --email, ADMIN_EMAIL or a prompt; the name (shown on the invitations the
// administrator sends) from --name, ADMIN_NAME or a prompt, which an existing account with a name may skip.
// It works beside the running app: with the embedded database, it connects to the cluster the app runs on
// DATA_DIR (with the port and password kept there) instead of starting it. Prints one line; on bad input or no
// database, one line and exit 1.
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { hashPassword } from "../src/server/credentials/password";
import { loadDotEnv, loadEnv } from "../src/server/env";
import { createLogger } from "../src/server/logger";
import { openDatabaseBesideApp } from "../src/server/runtime";
import { emailSchema } from "../src/shared/schemas/auth";
import { line, nameParts } from "../src/shared/schemas/common";

function fail(message: string): never {
  console.error(`admin:create: ${message}`);
  process.exit(1);
}

function ask(question: string, hidden = false): Promise<string> {
  if (!process.stdin.isTTY) fail(`${question.replace(/: $/, "")} is required (no terminal to ask on)`);
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  if (hidden) {
    // Echo nothing while the password is typed.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
      if (s.includes(question)) process.stdout.write(s);
    };
  }
  return new Promise((resolve) =>
    rl.question(question, (answer) => {
      rl.close();
      if (hidden) process.stdout.write("\n");
      resolve(answer);
    }),
  );
}

const { values } = parseArgs({
  options: { email: { type: "string" }, name: { type: "string" } },
  strict: true,
}) as { values: { email?: string; name?: string } };

const nameSchema = line()
  .min(1, "the name must not be empty")
  .max(120, "the name must be at most 120 characters");

const email = emailSchema.safeParse(values.email ?? process.env.ADMIN_EMAIL ?? (await ask("Email: ")));
if (!email.success) fail(email.error.issues[0]?.message ?? "Please enter a valid email address");
const address = email.data;
const password = process.env.ADMIN_PASSWORD ?? (await ask("Password (8-256 characters): ", true));
if (password.length < 8 || password.length > 256) fail("the password must be 8 to 256 characters");

const givenName = values.name ?? process.env.ADMIN_NAME;
const named = givenName === undefined ? null : nameSchema.safeParse(givenName);
if (named && !named.success) fail(named.error.issues[0]?.message ?? "the name is not valid");

loadDotEnv();
let env: ReturnType<typeof loadEnv>;
try {
  env = loadEnv();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const database = await openDatabaseBesideApp(env, createLogger("silent")).catch((error: unknown) =>
  fail(
    `cannot reach the database (${error instanceof Error ? error.message.split("\n")[0] : String(error)})`,
  ),
);
/** The name to give the account: the one given; else none for an account that has one; else asked for. */
async function nameToSet(): Promise<string | null> {
  if (named?.success) return named.data;
  const [existing] = await database.sql<{ named: boolean }[]>`
    select nullif(trim(concat_ws(' ', first_name, last_name)), '') is not null as named
      from users where email = ${address}`;
  if (existing?.named) return null;
  const typed = process.stdin.isTTY
    ? nameSchema.safeParse(await ask("Name (shown on the invitations you send): "))
    : null;
  if (typed?.success) return typed.data;
  await database.close();
  fail(
    typed
      ? (typed.error.issues[0]?.message ?? "the name is not valid")
      : "a name is required for this administrator: give --name or ADMIN_NAME (no terminal to ask on)",
  );
}
const name = nameParts(await nameToSet());
let outcome: string;
let ok = false;
try {
  const hash = await hashPassword(password, env.ADMIN_PASSWORD_SCRYPT_N);
  const [row] = await database.sql<{ created: boolean }[]>`
    insert into users (email, first_name, last_name, role, password_hash)
    values (${email.data}, ${name.firstName}, ${name.lastName}, 'admin', ${hash})
    on conflict (email) do update set role = 'admin', password_hash = excluded.password_hash,
      first_name = coalesce(excluded.first_name, users.first_name),
      last_name = case when excluded.first_name is null then users.last_name else excluded.last_name end,
      disabled_at = null, suspension_reason = null,
      suspended_by = null, updated_at = now()
    returning (xmax = 0) as created`;
  // The operator's word settles a request still waiting for a second administrator.
  await database.sql`
    update admin_promotions set decided_at = now(), outcome = 'approved'
     where decided_at is null and user_id = (select id from users where email = ${email.data})`;
  // Sessions of the account from before it was an administrator (or with the old password) end now.
  await database.sql`delete from sessions where user_id = (select id from users where email = ${email.data})`;
  outcome = `admin:create: ${row?.created ? "created" : "updated"} administrator ${email.data}; sign in at /admin/login with the admin code`;
  ok = true;
} catch (error) {
  outcome = `admin:create: could not save the administrator (${error instanceof Error ? error.message.split("\n")[0] : String(error)})`;
} finally {
  // Close first (an embedded PostgreSQL stops with it), then say how it went.
  await database.close();
}
if (ok) console.log(outcome);
else fail(outcome.replace(/^admin:create: /, ""));
