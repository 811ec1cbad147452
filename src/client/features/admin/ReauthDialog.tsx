// The re-authentication dialog (docs/product/admin.md#re-authentication): the password, the admin code and the
// account's second factor again, before a role change, an export or a new API key. It is opened by
// ui/reauth.ts when the server asks for it, mounts beside the page in a root of its own (so no page has to
// render a host for it, and pages that never need it never load it), and answers whether the proof passed.
import { Button, ChakraProvider, Stack, Text } from "@chakra-ui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { createRoot } from "react-dom/client";
import { LuFingerprint, LuShieldCheck } from "react-icons/lu";
import { RECENT_SIGN_IN_MINUTES } from "../../../shared/constants";
import { apiErrorCode, apiErrorMessage, queryClient, trpc, trpcClient } from "../../trpc";
import { ColorModeProvider } from "../../ui/color-mode";
import { FormDialog } from "../../ui/dialog";
import { FailureAlert } from "../../ui/FailureAlert";
import { InputField } from "../../ui/form";
import { getPasskey, NETWORK_ERROR, type PasskeyAnswer, passkeyProblem } from "../../ui/passkeys";
import { system } from "../../ui/theme";
import { MFA_PROMPT } from "../auth";

const REFUSED = "Those details are not right. Please try again.";

type Proof = { password: string; adminCode: string; code: string };
const EMPTY: Proof = { password: "", adminCode: "", code: "" };

function ReauthDialog({ onDone }: { onDone: (confirmed: boolean) => void }) {
  const [open, setOpen] = useState(true);
  const asked = trpc.admin.reauthenticationMethods.useQuery(undefined, { staleTime: 0 });
  const passkeyOptions = trpc.admin.reauthenticationOptions.useMutation();
  const reauthenticate = trpc.admin.reauthenticate.useMutation();
  const [proof, setProof] = useState(EMPTY);
  const [missing, setMissing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const methods = asked.data?.methods;
  /** With a passkey and no authenticator app, the dialog's own button asks for the passkey. */
  const passkeyOnly = Boolean(methods?.passkey && !methods.totp);
  const pending = reauthenticate.isPending || waiting;

  const close = (confirmed: boolean) => {
    setOpen(false);
    onDone(confirmed);
  };

  const send = async (passkey?: PasskeyAnswer) => {
    try {
      await reauthenticate.mutateAsync({
        password: proof.password,
        adminCode: proof.adminCode.trim(),
        code: passkey || !methods?.totp ? undefined : proof.code.trim(),
        passkey,
      });
      close(true);
    } catch (failure) {
      setError(apiErrorCode(failure) === undefined ? NETWORK_ERROR : apiErrorMessage(failure, REFUSED));
      setProof((p) => ({ ...p, password: "", code: "" }));
    }
  };

  /** Password and admin code are needed either way; the code only when it is the factor used. */
  const blank = (withCode: boolean) =>
    !proof.password || !proof.adminCode.trim() || (withCode && !proof.code.trim());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (passkeyOnly) {
      void withPasskey();
      return;
    }
    setError(null);
    const withCode = Boolean(methods?.totp);
    if (blank(withCode)) {
      setMissing(true);
      return;
    }
    setMissing(false);
    void send();
  };

  const withPasskey = async () => {
    setError(null);
    if (blank(false)) {
      setMissing(true);
      return;
    }
    setMissing(false);
    setWaiting(true);
    try {
      const answer = await getPasskey(await passkeyOptions.mutateAsync());
      if (answer) await send(answer);
    } catch (failure) {
      setError(passkeyProblem(failure, REFUSED));
    } finally {
      setWaiting(false);
    }
  };

  const field = (name: keyof Proof) => ({
    value: proof[name],
    onChange: (e: { target: { value: string } }) => setProof((p) => ({ ...p, [name]: e.target.value })),
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close(false))}
      title="Confirm it's you"
      subtitle={`Role changes, exports and new API keys need your password, the admin code${
        methods?.totp || methods?.passkey ? " and your second factor" : ""
      } again. They stay open for ${RECENT_SIGN_IN_MINUTES} minutes.`}
      label="Confirm your identity"
      onSubmit={submit}
      confirmLabel={passkeyOnly ? "Confirm with a passkey" : "Confirm"}
      confirmIcon={passkeyOnly ? <LuFingerprint /> : <LuShieldCheck />}
      pendingLabel={waiting ? "Waiting for your passkey…" : "Checking…"}
      pending={pending}
    >
      <Stack gap="4">
        <FailureAlert message={error ?? (asked.isError ? NETWORK_ERROR : null)} />
        {asked.data ? (
          <Text fontSize="sm" color="fg.muted">
            Signed in as <strong>{asked.data.email}</strong>
          </Text>
        ) : null}
        <InputField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          autoFocus
          {...field("password")}
          error={missing && !proof.password ? "Please enter your password" : undefined}
        />
        <InputField
          label="Admin code"
          type="password"
          autoComplete="one-time-code"
          required
          {...field("adminCode")}
          error={missing && !proof.adminCode.trim() ? "Please enter the admin authorization code" : undefined}
        />
        {methods?.totp ? (
          <InputField
            label="Verification code"
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            fontFamily="mono"
            letterSpacing="0.1em"
            required
            hint={MFA_PROMPT}
            {...field("code")}
            error={missing && !proof.code.trim() ? "Enter the 6-digit code or a backup code" : undefined}
          />
        ) : null}
        {methods?.passkey && methods.totp ? (
          <Button
            variant="outline"
            colorPalette="blue"
            loading={waiting}
            loadingText="Waiting for your passkey…"
            disabled={reauthenticate.isPending}
            onClick={() => void withPasskey()}
          >
            <LuFingerprint /> Use a passkey instead
          </Button>
        ) : null}
      </Stack>
    </FormDialog>
  );
}

/**
 * Asks the administrator to prove who they are again; resolves true once the server accepted it, false when
 * they closed the dialog.
 */
export function openReauthDialog(): Promise<boolean> {
  return new Promise((resolve) => {
    const host = document.createElement("div");
    document.body.append(host);
    const root = createRoot(host);
    const done = (confirmed: boolean) => {
      resolve(confirmed);
      // After the dialog's closing transition has run.
      setTimeout(() => {
        root.unmount();
        host.remove();
      }, 400);
    };
    root.render(
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <ChakraProvider value={system}>
            <ColorModeProvider>
              <ReauthDialog onDone={done} />
            </ColorModeProvider>
          </ChakraProvider>
        </QueryClientProvider>
      </trpc.Provider>,
    );
  });
}
