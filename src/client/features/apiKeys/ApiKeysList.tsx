// The keys: a table from tablets up, one card per key on a phone. Active keys first, revoked ones after them,
// dimmed. Revoking asks first, naming the key.
import { Badge, Box, Button, Flex, HStack, SimpleGrid, Stack, Table, Text, Wrap } from "@chakra-ui/react";
import { type ReactNode, useState } from "react";
import { LuBan } from "react-icons/lu";
import type { ApiKey } from "../../../shared/schemas/apiKeys";
import { trpc } from "../../trpc";
import { PhoneCard, PhoneCardList } from "../../ui/CardList";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { showFailure } from "../../ui/failureToast";
import { showToast } from "../../ui/toaster";
import { isRevoked, keyTime, lastUsedLabel, maskedKey, scopeLabel } from "./apiKeyLabels";

function KeyPrefix({ prefix }: { prefix: string }) {
  return (
    <Text as="span" fontFamily="mono" fontSize="sm" color="ink" whiteSpace="nowrap">
      {maskedKey(prefix)}
    </Text>
  );
}

function ScopeBadges({ scopes }: { scopes: ApiKey["scopes"] }) {
  return (
    <Wrap gap="1.5">
      {scopes.map((scope) => (
        <Badge key={scope} colorPalette="blue" variant="subtle" borderRadius="full" title={scope}>
          {scopeLabel(scope)}
        </Badge>
      ))}
    </Wrap>
  );
}

/** Active, or Revoked with when (`withTime`; a card lists the time with its other details instead). */
function StatusBadge({ apiKey, withTime = true }: { apiKey: ApiKey; withTime?: boolean }) {
  if (apiKey.revokedAt && !withTime)
    return (
      <Badge colorPalette="gray" variant="outline" borderRadius="full" flexShrink={0}>
        Revoked
      </Badge>
    );
  return apiKey.revokedAt ? (
    <Stack gap="0.5" align="flex-start">
      <Badge colorPalette="gray" variant="outline" borderRadius="full">
        Revoked
      </Badge>
      <Text fontSize="xs" color="fg.muted">
        {keyTime(apiKey.revokedAt)}
      </Text>
    </Stack>
  ) : (
    <Badge colorPalette="green" variant="subtle" borderRadius="full" flexShrink={0}>
      Active
    </Badge>
  );
}

function CreatedBy({ apiKey }: { apiKey: ApiKey }) {
  return (
    <Stack gap="0" minW="0">
      <Text fontSize="sm" color="ink" overflowWrap="anywhere">
        {apiKey.createdBy.email ?? "A removed account"}
      </Text>
      <Text fontSize="xs" color="fg.muted">
        {keyTime(apiKey.createdAt)}
      </Text>
    </Stack>
  );
}

function LastUsed({ at }: { at: Date | null }) {
  return (
    <Text as="span" fontSize="sm" color={at ? "ink" : "fg.muted"} title={at ? keyTime(at) : undefined}>
      {lastUsedLabel(at)}
    </Text>
  );
}

function RevokeButton({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) {
  if (isRevoked(apiKey)) return null;
  return (
    <Button
      size="xs"
      variant="outline"
      colorPalette="red"
      onClick={() => onRevoke(apiKey)}
      aria-label={`Revoke ${apiKey.name}`}
    >
      <LuBan /> Revoke
    </Button>
  );
}

const dimmed = (apiKey: ApiKey) => (isRevoked(apiKey) ? 0.6 : undefined);

/** What the table (tablets up) and the cards (phones) each show the same keys from. */
type KeysViewProps = { keys: ApiKey[]; showDealership: boolean; onRevoke: (key: ApiKey) => void };

function KeysTable({ keys, showDealership, onRevoke }: KeysViewProps) {
  return (
    <Table.ScrollArea
      hideBelow="md"
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="lg"
      bg="white"
    >
      <Table.Root size="sm" minW={showDealership ? "5xl" : "4xl"}>
        <Table.Caption srOnly>API keys</Table.Caption>
        <Table.Header>
          <Table.Row bg="gray.50">
            <Table.ColumnHeader>Name</Table.ColumnHeader>
            <Table.ColumnHeader>Key</Table.ColumnHeader>
            <Table.ColumnHeader>Scopes</Table.ColumnHeader>
            {showDealership ? <Table.ColumnHeader>Dealership</Table.ColumnHeader> : null}
            <Table.ColumnHeader>Created</Table.ColumnHeader>
            <Table.ColumnHeader>Last used</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader>
              <Text as="span" srOnly>
                Actions
              </Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {keys.map((apiKey) => (
            <Table.Row key={apiKey.id} data-testid="api-key-row" verticalAlign="top">
              <Table.Cell opacity={dimmed(apiKey)}>
                <Text fontWeight="semibold" color="ink" overflowWrap="anywhere" maxW="56">
                  {apiKey.name}
                </Text>
              </Table.Cell>
              <Table.Cell opacity={dimmed(apiKey)}>
                <KeyPrefix prefix={apiKey.prefix} />
              </Table.Cell>
              <Table.Cell opacity={dimmed(apiKey)} maxW="64">
                <ScopeBadges scopes={apiKey.scopes} />
              </Table.Cell>
              {showDealership ? (
                <Table.Cell opacity={dimmed(apiKey)}>
                  <Text fontSize="sm">{apiKey.dealershipName ?? "Platform"}</Text>
                </Table.Cell>
              ) : null}
              <Table.Cell opacity={dimmed(apiKey)}>
                <CreatedBy apiKey={apiKey} />
              </Table.Cell>
              <Table.Cell opacity={dimmed(apiKey)} whiteSpace="nowrap">
                <LastUsed at={apiKey.lastUsedAt} />
              </Table.Cell>
              <Table.Cell>
                <StatusBadge apiKey={apiKey} />
              </Table.Cell>
              <Table.Cell textAlign="end">
                <RevokeButton apiKey={apiKey} onRevoke={onRevoke} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function Detail({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <Stack gap="0.5" minW="0" gridColumn={wide ? "1 / -1" : undefined}>
      <Text as="dt" fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase">
        {label}
      </Text>
      <Box as="dd">{children}</Box>
    </Stack>
  );
}

function KeyCards({ keys, showDealership, onRevoke }: KeysViewProps) {
  return (
    <PhoneCardList label="API keys">
      {keys.map((apiKey) => (
        <PhoneCard key={apiKey.id} data-testid="api-key-card">
          <Flex justify="space-between" gap="3" align="flex-start">
            <Stack gap="1" minW="0" opacity={dimmed(apiKey)}>
              <Text fontWeight="semibold" color="ink" overflowWrap="anywhere">
                {apiKey.name}
              </Text>
              <KeyPrefix prefix={apiKey.prefix} />
            </Stack>
            <StatusBadge apiKey={apiKey} withTime={false} />
          </Flex>
          <Stack gap="3" mt="3" opacity={dimmed(apiKey)}>
            <ScopeBadges scopes={apiKey.scopes} />
            <SimpleGrid as="dl" columns={2} gap="3">
              {showDealership ? (
                <Detail label="Dealership">
                  <Text fontSize="sm">{apiKey.dealershipName ?? "Platform"}</Text>
                </Detail>
              ) : null}
              <Detail label="Last used">
                <LastUsed at={apiKey.lastUsedAt} />
              </Detail>
              {apiKey.revokedAt ? (
                <Detail label="Revoked">
                  <Text fontSize="sm">{keyTime(apiKey.revokedAt)}</Text>
                </Detail>
              ) : null}
              <Detail label="Created" wide>
                <CreatedBy apiKey={apiKey} />
              </Detail>
            </SimpleGrid>
          </Stack>
          {isRevoked(apiKey) ? null : (
            <HStack mt="3" pt="3" borderTopWidth="1px" borderColor="border.muted">
              <RevokeButton apiKey={apiKey} onRevoke={onRevoke} />
            </HStack>
          )}
        </PhoneCard>
      ))}
    </PhoneCardList>
  );
}

/** Active keys (newest first) before revoked ones, whatever order they arrive in. */
function activeFirst(keys: ApiKey[]): ApiKey[] {
  return [...keys].sort(
    (a, b) =>
      Number(isRevoked(a)) - Number(isRevoked(b)) ||
      b.createdAt.getTime() - a.createdAt.getTime() ||
      b.id - a.id,
  );
}

export function ApiKeysList({ keys, showDealership }: { keys: ApiKey[]; showDealership: boolean }) {
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = trpc.apiKeys.revoke.useMutation();
  const sorted = activeFirst(keys);

  const confirmRevoke = () => {
    if (!revoking) return;
    const { id, name } = revoking;
    revoke.mutate(
      { id },
      {
        onSuccess: async () => {
          setRevoking(null);
          showToast({
            title: "API key revoked",
            description: `${name} no longer works. Anything still using it is refused.`,
            variant: "success",
          });
        },
        onError: (error) => {
          setRevoking(null);
          showFailure("Couldn't revoke the key", error);
        },
      },
    );
  };

  return (
    <>
      <KeysTable keys={sorted} showDealership={showDealership} onRevoke={setRevoking} />
      <KeyCards keys={sorted} showDealership={showDealership} onRevoke={setRevoking} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => (open ? undefined : setRevoking(null))}
        title={revoking ? `Revoke "${revoking.name}"?` : "Revoke this key?"}
        description={
          <>
            Requests with{" "}
            <Text as="span" fontFamily="mono">
              {revoking ? maskedKey(revoking.prefix) : ""}
            </Text>{" "}
            are refused from now on, and whatever uses it stops working. This can't be undone.
          </>
        }
        confirmLabel="Revoke key"
        pendingLabel="Revoking"
        isPending={revoke.isPending}
        onConfirm={confirmRevoke}
      />
    </>
  );
}
