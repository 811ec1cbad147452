// `npm run seed`: wipes the demo data and writes it again (SEED_SCALE=N multiplies salespeople).

import { loadDotEnv, loadEnv } from "../src/server/env";
import { createLogger } from "../src/server/logger";
import { openDatabase } from "../src/server/runtime";
import { seedDemoData } from "../src/server/seed/demo";

loadDotEnv();
const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL);
const database = await openDatabase(env, logger);
const started = Date.now();
await database.sql`truncate users, dealerships, salespeople, appointments, availability_blocks, ratings, sessions, login_tokens, rate_limit_buckets, security_events restart identity cascade`;
const counts = await seedDemoData(database.sql, {
  scale: env.SEED_SCALE,
  adminCodeIsDemo: env.ADMIN_CODE_IS_DEMO,
  log: (l) => logger.info(l),
});
logger.info(`seeded ${JSON.stringify(counts)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
await database.close();
