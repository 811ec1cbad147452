// API keys of a dealership (made by its manager) or of the platform (made by an administrator): created with a
// name and scopes and answered once, listed with when each was last used, revoked. Managers see their
// dealership's keys; administrators see every key. Creating and revoking are audited.
import type { z } from "zod";
import { API_KEYS_MAX_ACTIVE } from "../../../shared/apiKeys";
import type { ApiKey, CreatedApiKey, createApiKeyInput } from "../../../shared/schemas/apiKeys";
import type { SessionUser } from "../../../shared/schemas/auth";
import { dealershipScope, dealershipStaffSql } from "../../access";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import { noticeAccountChange, requireRecentSignIn } from "../../credentials/accountChanges";
import { generateApiKey } from "../../credentials/apiKeys";
import type { Queryable } from "../../db/client";
import type { Authed } from "../../serviceContext";

function columns(sql: Queryable) {
  return sql`
    k.id, k.name, k.prefix, k.scopes, k.dealership_id as "dealershipId", d.name as "dealershipName",
    json_build_object('id', u.id, 'email', u.email) as "createdBy", k.created_at as "createdAt",
    k.last_used_at as "lastUsedAt", k.revoked_at as "revokedAt"`;
}

async function read(sql: Queryable, caller: SessionUser, id: number): Promise<ApiKey | undefined> {
  const [row] = await sql<ApiKey[]>`
    select ${columns(sql)}
      from api_keys k left join dealerships d on d.id = k.dealership_id left join users u on u.id = k.user_id
     where k.id = ${id} and ${dealershipStaffSql(sql, caller, "k.dealership_id")}`;
  return row;
}

export async function listApiKeys(ctx: Authed): Promise<ApiKey[]> {
  return ctx.sql<ApiKey[]>`
    select ${columns(ctx.sql)}
      from api_keys k left join dealerships d on d.id = k.dealership_id left join users u on u.id = k.user_id
     where ${dealershipStaffSql(ctx.sql, ctx.user, "k.dealership_id")}
     order by k.revoked_at is not null, k.created_at desc, k.id desc`;
}

export async function createApiKey(
  ctx: Authed,
  input: z.output<typeof createApiKeyInput>,
): Promise<CreatedApiKey> {
  // A manager's key belongs to their dealership; an administrator's to the platform.
  const scope = await dealershipScope(ctx.sql, ctx.user, undefined);
  const dealershipId = scope.kind === "platform" ? null : scope.dealershipId;
  requireRecentSignIn(ctx);
  const { key, hash, prefix } = generateApiKey();
  const scopes = [...new Set(input.scopes)];
  const created = await ctx.sql.begin(async (tx) => {
    // One owner's keys are counted under a lock on the owner's row, so two creations cannot both pass.
    if (dealershipId === null) await tx`select 1 from users where id = ${ctx.user.id} for update`;
    else await tx`select 1 from dealerships where id = ${dealershipId} for update`;
    const [{ active } = { active: 0 }] = await tx<{ active: number }[]>`
      select count(*)::int as active from api_keys
       where revoked_at is null
         and ${dealershipId === null ? tx`dealership_id is null and user_id = ${ctx.user.id}` : tx`dealership_id = ${dealershipId}`}`;
    if (active >= API_KEYS_MAX_ACTIVE)
      throw appError(
        "CONFLICT",
        `There are already ${API_KEYS_MAX_ACTIVE} active API keys: revoke one you no longer use first`,
        "API_KEY_LIMIT",
      );
    const [row] = await tx<{ id: number }[]>`
      insert into api_keys ${tx({
        user_id: ctx.user.id,
        dealership_id: dealershipId,
        name: input.name,
        prefix,
        key_hash: hash,
        scopes,
      })}
      returning id`;
    const created = (await read(tx, ctx.user, row!.id))!;
    await recordAudit(ctx, tx, {
      action: "api_key.create",
      entityId: created.id,
      dealershipId,
      after: { name: created.name, prefix, scopes },
    });
    return { ...created, key };
  });
  await noticeAccountChange(
    ctx,
    ctx.user.email,
    "api_key_created",
    `It is named "${created.name}", starts with ${prefix} and may: ${scopes.join(", ")}.`,
  );
  return created;
}

export async function revokeApiKey(ctx: Authed, { id }: { id: number }): Promise<ApiKey> {
  return ctx.sql.begin(async (tx) => {
    const before = await read(tx, ctx.user, id);
    if (!before) throw appError("NOT_FOUND", "API key not found", "API_KEY_NOT_FOUND");
    if (before.revokedAt) return before;
    await tx`update api_keys set revoked_at = now() where id = ${id}`;
    await recordAudit(ctx, tx, {
      action: "api_key.revoke",
      entityId: id,
      dealershipId: before.dealershipId,
      before: { name: before.name, prefix: before.prefix, scopes: before.scopes },
    });
    return (await read(tx, ctx.user, id))!;
  });
}
