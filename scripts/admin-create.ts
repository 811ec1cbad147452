// `npm run admin:create [-- --email you@example.com]`: creates an administrator, or makes an existing account
// one and sets its password. The password is read from ADMIN_PASSWORD or asked for (not echoed); the e-mail
// from --email, ADMIN_EMAIL or a prompt. Prints one line; on bad input or no database, one line and exit 1.
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { hashPassword } from "../src/server/auth/password";
import { loadDotEnv, loadEnv } from "../src/server/env";
import { createLogger } from "../src/server/logger";
import { openDatabase } from "../src/server/runtime";
import { emailSchema } from "../src/shared/schemas/auth";

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
  options: {
    email: { type: "string" },
    "first-name": { type: "string" },
    "last-name": { type: "string" },
  },
  strict: true,
}) as { values: { email?: string; "first-name"?: string; "last-name"?: string } };

const email = emailSchema.safeParse(values.email ?? process.env.ADMIN_EMAIL ?? (await ask("Email: ")));
if (!email.success) fail(email.error.issues[0]?.message ?? "Please enter a valid email address");
const password = process.env.ADMIN_PASSWORD ?? (await ask("Password (8-256 characters): ", true));
if (password.length < 8 || password.length > 256) fail("the password must be 8 to 256 characters");

loadDotEnv();
let env: ReturnType<typeof loadEnv>;
try {
  env = loadEnv();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const database = await openDatabase(env, createLogger("silent")).catch((error: unknown) =>
  fail(
    `cannot reach the database (${error instanceof Error ? error.message.split("\n")[0] : String(error)})`,
  ),
);
let outcome: string;
let ok = false;
try {
  const hash = await hashPassword(password, env.ADMIN_PASSWORD_SCRYPT_N);
  const [row] = await database.sql<{ created: boolean }[]>`
    insert into users (email, first_name, last_name, role, password_hash)
    values (${email.data}, ${values["first-name"] ?? null}, ${values["last-name"] ?? null}, 'admin', ${hash})
    on conflict (email) do update set role = 'admin', password_hash = excluded.password_hash,
      first_name = coalesce(excluded.first_name, users.first_name),
      last_name = coalesce(excluded.last_name, users.last_name), disabled_at = null, suspension_reason = null,
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
