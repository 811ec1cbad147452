// The Google and Microsoft accounts that sign in to this one: when each was linked and last used, and removing
// one. docs/product/security.md#google-and-microsoft-accounts.

import { Stack, Text } from "@chakra-ui/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { IconBaseProps } from "react-icons";
import { LuLink, LuTrash2 } from "react-icons/lu";
import { OIDC_PROVIDER_LABELS, type OidcProvider } from "../../../shared/identity";
import type { LinkedIdentityView } from "../../../shared/schemas/identity";
import { trpc } from "../../trpc";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { DangerButton } from "../../ui/DangerButton";
import { PanelHeader } from "../../ui/PanelHeader";
import { ProviderMark } from "../../ui/ProviderMarks";
import { Notice, panelNotice } from "../../ui/QueryState";
import { DeviceRow } from "./DeviceRow";
import { formatDateTime } from "./format";
import { securityQueries } from "./queries";
import { removalOutcome } from "./removal";

const MARKS: Record<OidcProvider, (props: IconBaseProps) => React.ReactNode> = {
  google: () => <ProviderMark provider="google" />,
  microsoft: () => <ProviderMark provider="microsoft" />,
};

export function LinkedAccountsTab({ isAdmin }: { isAdmin: boolean }) {
  const { data } = useSuspenseQuery(securityQueries.linked());
  const unlink = trpc.identity.unlink.useMutation();
  const [removing, setRemoving] = useState<LinkedIdentityView | null>(null);
  const label = removing ? OIDC_PROVIDER_LABELS[removing.provider] : "";

  return (
    <Stack gap="5">
      <PanelHeader
        title="Linked accounts"
        description="Google and Microsoft accounts that sign you in with “Continue with Google” or “Continue with Microsoft”. Using one on the sign-in page links it."
      />
      {data.length === 0 ? (
        <Notice
          icon={LuLink}
          title="No linked accounts"
          description={
            isAdmin
              ? "Administrators sign in with their password and second factor only."
              : "Continue with Google or Microsoft on the sign-in page to link one."
          }
          {...panelNotice()}
        />
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Linked accounts">
          {data.map((identity) => {
            const name = OIDC_PROVIDER_LABELS[identity.provider];
            return (
              <DeviceRow
                key={identity.provider}
                icon={MARKS[identity.provider]}
                name={name}
                facts={[
                  ["Account", identity.email],
                  ["Linked", formatDateTime(identity.createdAt)],
                  ["Last used", identity.lastUsedAt ? formatDateTime(identity.lastUsedAt) : "Not used yet"],
                ]}
                factColumns={{ base: 1, sm: 3 }}
                actions={
                  <DangerButton onClick={() => setRemoving(identity)} aria-label={`Remove ${name}`}>
                    <LuTrash2 /> Remove
                  </DangerButton>
                }
              />
            );
          })}
        </Stack>
      )}
      <Text fontSize="sm" color="fg.muted">
        The e-mailed sign-in link always works too, so removing a linked account never locks you out.
      </Text>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={`Remove ${label}?`}
        description={`Your ${label} account${removing ? ` (${removing.email})` : ""} will no longer sign you in. Using it on the sign-in page again links it again.`}
        confirmLabel="Remove"
        pendingLabel="Removing…"
        isPending={unlink.isPending}
        onConfirm={() => {
          if (!removing) return;
          unlink.mutate(
            { provider: removing.provider },
            removalOutcome(
              () => setRemoving(null),
              `${label} account removed`,
              "The account could not be removed.",
            ),
          );
        }}
      />
    </Stack>
  );
}
