// "Sign in with a passkey" on /login and /salesperson-login, and the same passkeys offered in the e-mail
// field's suggestions where the browser supports it (conditional UI). A passkey is both factors: the server
// starts the session at once (docs/product/security.md#passkeys). One challenge serves the page: the autofill
// request asks for it on arrival and the button reuses it until it is used or its ceremony timeout passes, so a visit costs
// the server one challenge (they have their own per-address budget, apart from the e-mailed links').
import { Button, Stack } from "@chakra-ui/react";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { LuFingerprint } from "react-icons/lu";
import type { SessionUser } from "../../../shared/schemas/auth";
import type { PasskeyRequestOptions } from "../../../shared/schemas/security";
import { apiErrorMessage, trpc } from "../../trpc";
import { FailureAlert } from "../../ui/FailureAlert";
import { cancelPasskeyRequest, getPasskey, passkeyProblem, passkeysSupported } from "../../ui/passkeys";
import { pathAfterSignIn } from "../../ui/signInReturn";

const FAILED = "Signing in with the passkey failed. Try again, or sign in with an e-mailed link.";

export function PasskeySignIn() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const options = trpc.auth.passkeySignInOptions.useMutation();
  const signIn = trpc.auth.passkeySignIn.useMutation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const supported = passkeysSupported();

  const signedIn = ({ user, redirectTo }: { user: SessionUser; redirectTo: string }) => {
    // A new session: forget anything cached for the previous visitor, then seed who we are now.
    queryClient.removeQueries();
    utils.auth.me.setData(undefined, user);
    router.history.replace(pathAfterSignIn(redirectTo));
  };

  // The page's challenge while it is unused and within its ceremony's timeout (the server keeps a challenge
  // longer than that); a refused or failed request is asked again next time.
  const challenge = useRef<{ options: Promise<PasskeyRequestOptions>; at: number } | null>(null);
  const pageChallenge = async () => {
    const kept = challenge.current;
    if (kept) {
      const reused = await kept.options;
      if (Date.now() - kept.at < (reused.timeout ?? 0)) return reused;
    }
    const fresh = { options: options.mutateAsync(), at: Date.now() };
    challenge.current = fresh;
    fresh.options.catch(() => {
      if (challenge.current === fresh) challenge.current = null;
    });
    return fresh.options;
  };

  const ceremony = async (autofill: boolean) => {
    let response: Awaited<ReturnType<typeof getPasskey>>;
    try {
      response = await getPasskey(await pageChallenge(), autofill);
    } catch (failure) {
      // The autofill request waits silently; only a click's failure is worth a message: the server's refusal
      // (a rate limit says when to try again), a lost connection, or what the browser could not do.
      if (!autofill) setError(passkeyProblem(failure, FAILED));
      return;
    }
    if (!response) return;
    // The signed answer uses the challenge up, whatever the server decides.
    challenge.current = null;
    setPending(true);
    setError(null);
    try {
      // Extension results are an open record on the wire; the browser types name the known ones.
      signedIn(await signIn.mutateAsync({ response }));
    } catch (failure) {
      setError(apiErrorMessage(failure, FAILED));
    } finally {
      setPending(false);
    }
  };
  // The autofill request starts once per visit of the page, with the first render's handlers.
  const autofill = useRef(ceremony);
  useEffect(() => {
    if (!supported) return;
    void autofill.current(true);
    return () => void cancelPasskeyRequest();
  }, [supported]);

  if (!supported) return null;
  return (
    <Stack gap="3">
      <Button
        variant="outline"
        size="lg"
        colorPalette="blue"
        loading={pending}
        loadingText="Signing in…"
        onClick={() => {
          setError(null);
          void ceremony(false);
        }}
      >
        <LuFingerprint /> Sign in with a passkey
      </Button>
      <FailureAlert message={error} />
    </Stack>
  );
}
