// Boots the pieces the server and scripts share: database (embedded or DATABASE_URL), migrations, first seed.
import { createDatabase } from "./db/client";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "./db/embedded";
import { runMigrations } from "./db/migrate";
import { isSeeded, seedDatabase } from "./db/seed";
import { seedDocuments } from "./domains/documents/seed";
import type { Env } from "./env";
import type { Logger } from "./logger";

export async function openDatabase(env: Env, logger: Logger) {
  let embedded: EmbeddedDatabase | null = null;
  let url = env.DATABASE_URL;
  if (!url) {
    logger.info(`starting embedded PostgreSQL (data in ${env.DATA_DIR}/pg, port ${env.EMBEDDED_PG_PORT})`);
    embedded = await startEmbeddedPostgres({
      dataDir: env.DATA_DIR,
      port: env.EMBEDDED_PG_PORT,
      log: (line) => logger.debug(`[postgres] ${line}`),
    });
    url = embedded.url;
  }
  await runMigrations(url);
  const { sql, end } = createDatabase(url, { max: env.DB_POOL_SIZE });
  // Site documents are content, not demo data: added or refreshed from content/ on every start, edits kept.
  const addedDocuments = await seedDocuments(sql);
  if (addedDocuments.length > 0) logger.info(`documents seeded: ${addedDocuments.join(", ")}`);
  return {
    url,
    sql,
    async seedIfEmpty() {
      if (await isSeeded(sql)) return false;
      logger.info("empty database: seeding demo data");
      await seedDatabase(sql, { scale: env.SEED_SCALE, log: (l) => logger.info(l) });
      return true;
    },
    async close() {
      await end({ timeout: 5 });
      if (embedded) await embedded.stop();
    },
  };
}
