// The account's passkeys: add one (named, after a recent sign-in), see when each was added and last used,
// rename or remove it. docs/product/security.md#passkeys.

import { Button, Stack, Text } from "@chakra-ui/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { LuFingerprint, LuPencil, LuPlus, LuTrash2 } from "react-icons/lu";
import type { AddPasskeyInput, PasskeyView } from "../../../shared/schemas/security";
import { apiErrorMessage, trpc } from "../../trpc";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { DangerButton } from "../../ui/DangerButton";
import { FormDialog } from "../../ui/dialog";
import { InputField } from "../../ui/form";
import { PanelHeader } from "../../ui/PanelHeader";
import { createPasskey, passkeyBrowserError, passkeysSupported } from "../../ui/passkeys";
import { Notice, panelNotice } from "../../ui/QueryState";
import { withReauthentication } from "../../ui/reauth";
import { showToast } from "../../ui/toaster";
import { DeviceRow } from "./DeviceRow";
import { formatDateTime } from "./format";
import { securityQueries } from "./queries";
import { removalOutcome } from "./removal";

const ADD_FAILED = "The passkey could not be added. Please try again.";

function PasskeyRow({
  passkey,
  onRename,
  onRemove,
}: {
  passkey: PasskeyView;
  onRename: () => void;
  onRemove: () => void;
}) {
  return (
    <DeviceRow
      icon={LuFingerprint}
      name={passkey.name}
      badge={passkey.backedUp ? { text: "Synced", palette: "green" } : null}
      facts={[
        ["Added", formatDateTime(passkey.createdAt)],
        ["Last used", passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt) : "Not used yet"],
      ]}
      factColumns={{ base: 1, sm: 2 }}
      actions={
        <>
          <Button size="sm" variant="outline" onClick={onRename} aria-label={`Rename ${passkey.name}`}>
            <LuPencil /> Rename
          </Button>
          <DangerButton onClick={onRemove} aria-label={`Remove ${passkey.name}`}>
            <LuTrash2 /> Remove
          </DangerButton>
        </>
      }
    />
  );
}

/** Names a passkey: a new one (then asks the browser for it) or an existing one. */
function NameDialog({
  open,
  title,
  initial,
  confirmLabel,
  pending,
  error,
  onClose,
  onSubmit,
}: {
  open: boolean;
  title: string;
  initial: string;
  confirmLabel: string;
  pending: boolean;
  error: string | null;
  onClose: () => void;
  onSubmit: (name: string) => void;
}) {
  const [name, setName] = useState(initial);
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={title}
      label={title}
      confirmLabel={confirmLabel}
      pendingLabel="Saving…"
      pending={pending}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit(name);
      }}
    >
      <InputField
        label="Name"
        required
        maxLength={64}
        value={name}
        onChange={(e) => setName(e.target.value)}
        hint="So you can tell your passkeys apart, e.g. “Work laptop” or “Phone”."
        error={error}
        autoFocus
      />
    </FormDialog>
  );
}

type Editing = { kind: "add" } | { kind: "rename"; passkey: PasskeyView } | null;

/** What a passkey does for the account: a whole sign-in, or an administrator's second step. */
const WORDS = {
  person: {
    lead: "Sign in with your fingerprint, face or device PIN instead of waiting for an e-mail. A passkey counts as both sign-in steps.",
    none: "Add one to sign in on this device without an e-mailed link.",
    does: "sign you in",
    fallback: "The e-mailed sign-in link always works too, so removing a passkey never locks you out.",
  },
  admin: {
    lead: "Confirm your console sign-in and sensitive changes with your fingerprint, face or device PIN: a passkey is your second step after the password and admin code.",
    none: "Add one to use as the second step of your console sign-in.",
    does: "confirm your console sign-in",
    fallback:
      "With the authenticator app on, its codes work as the second step too. While the platform requires a second factor, your last one cannot be removed.",
  },
} as const;

export function PasskeysTab({ isAdmin }: { isAdmin: boolean }) {
  const words = WORDS[isAdmin ? "admin" : "person"];
  const { data } = useSuspenseQuery(securityQueries.passkeys());
  const options = trpc.security.passkeyRegistrationOptions.useMutation();
  const add = trpc.security.addPasskey.useMutation();
  const rename = trpc.security.renamePasskey.useMutation();
  const remove = trpc.security.removePasskey.useMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<PasskeyView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  const close = () => {
    setEditing(null);
    setError(null);
  };

  const addPasskey = async (name: string) => {
    setAdding(true);
    setError(null);
    try {
      const created = await createPasskey(await withReauthentication(() => options.mutateAsync()));
      // Extension results are an open record on the wire; the browser types name the known ones.
      await add.mutateAsync({ name, response: created as AddPasskeyInput["response"] });
      close();
      showToast({
        title: "Passkey added",
        description: `“${name.trim()}” can now ${words.does}.`,
        variant: "success",
      });
    } catch (failure) {
      const fromBrowser = (failure as { name?: string }).name !== "TRPCClientError";
      setError(fromBrowser ? passkeyBrowserError(failure) : apiErrorMessage(failure, ADD_FAILED));
    } finally {
      setAdding(false);
    }
  };

  return (
    <Stack gap="5">
      <PanelHeader title="Passkeys" description={words.lead}>
        {passkeysSupported() ? (
          <Button size="sm" colorPalette="blue" onClick={() => setEditing({ kind: "add" })}>
            <LuPlus /> Add a passkey
          </Button>
        ) : null}
      </PanelHeader>
      {passkeysSupported() ? null : (
        <Text fontSize="sm" color="fg.muted">
          This browser cannot create passkeys. You can still sign in with an e-mailed link.
        </Text>
      )}
      {data.length === 0 ? (
        <Notice icon={LuFingerprint} title="No passkeys yet" description={words.none} {...panelNotice()} />
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Passkeys">
          {data.map((passkey) => (
            <PasskeyRow
              key={passkey.id}
              passkey={passkey}
              onRename={() => setEditing({ kind: "rename", passkey })}
              onRemove={() => setRemoving(passkey)}
            />
          ))}
        </Stack>
      )}
      <Text fontSize="sm" color="fg.muted">
        {words.fallback}
      </Text>
      {editing ? (
        <NameDialog
          open
          key={editing.kind === "rename" ? editing.passkey.id : "add"}
          title={editing.kind === "add" ? "Add a passkey" : "Rename passkey"}
          initial={editing.kind === "rename" ? editing.passkey.name : ""}
          confirmLabel={editing.kind === "add" ? "Continue" : "Save"}
          pending={adding || rename.isPending}
          error={error}
          onClose={close}
          onSubmit={(name) => {
            if (editing.kind === "add") void addPasskey(name);
            else
              rename.mutate(
                { id: editing.passkey.id, name },
                {
                  onSuccess: close,
                  onError: (failure) =>
                    setError(apiErrorMessage(failure, "The passkey could not be renamed.")),
                },
              );
          }}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title="Remove this passkey?"
        description={`“${removing?.name ?? ""}” will no longer ${words.does}. Also delete it from the device or password manager that holds it.`}
        confirmLabel="Remove passkey"
        pendingLabel="Removing…"
        isPending={remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(
            { id: removing.id },
            removalOutcome(() => setRemoving(null), "Passkey removed", "The passkey could not be removed."),
          );
        }}
      />
    </Stack>
  );
}
