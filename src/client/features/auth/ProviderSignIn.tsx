// "Continue with Google" / "Continue with Microsoft" on the sign-in pages (each only when configured), and what
// a provider sign-in brings back to the page: why it failed, or the second step for an account with
// two-factor authentication. docs/product/security.md#google-and-microsoft-accounts.

import { Alert, Button, Stack } from "@chakra-ui/react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useRouter, useSearch } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { LuShieldCheck } from "react-icons/lu";
import {
  isOidcSignInError,
  OIDC_PROVIDER_LABELS,
  OIDC_SIGN_IN_ERRORS,
  type OidcSignInPage,
} from "../../../shared/identity";
import { trpc } from "../../trpc";
import { ProviderMark } from "../../ui/ProviderMarks";
import { pathAfterSignIn } from "../../ui/signInReturn";
import { StepHeading } from "./LinkConfirmPanel";
import { MfaCodeForm, mfaCodeError } from "./MfaCodeForm";
import { authQueries } from "./queries";

/** The buttons; nothing when no provider is configured. */
export function ProviderSignIn({ page }: { page: OidcSignInPage }) {
  const providers = useQuery(authQueries.providers());
  const configured = providers.data ?? [];
  if (configured.length === 0) return null;
  const from = page === "/salesperson-login" ? "?page=salesperson-login" : "";
  return (
    <Stack gap="3">
      {configured.map((provider) => (
        <Button key={provider} asChild variant="outline" size="lg" bg="bg">
          <a href={`/api/auth/oidc/${provider}/start${from}`}>
            <ProviderMark provider={provider} />
            Continue with {OIDC_PROVIDER_LABELS[provider]}
          </a>
        </Button>
      ))}
    </Stack>
  );
}

export type ProviderReturn = {
  /** The second step's challenge, when the account asked for one. */
  challenge: string | null;
  /** Why the provider sign-in failed, in words. */
  error: string | null;
  /** Back to the plain sign-in page. */
  clear: () => void;
};

/**
 * What the provider sign-in brought back in the address (`?challenge=`, `?signInError=`), taken out of it at
 * once so a reload or a shared address does not show it again.
 */
export function useProviderReturn(): ProviderReturn {
  const search = useSearch({ strict: false }) as { challenge?: string; signInError?: string };
  const navigate = useNavigate();
  const [held] = useState(() => ({
    challenge: search.challenge ?? null,
    error: isOidcSignInError(search.signInError) ? OIDC_SIGN_IN_ERRORS[search.signInError] : null,
  }));
  const [state, setState] = useState(held);
  // biome-ignore lint/correctness/useExhaustiveDependencies: strips the address once, on arrival.
  useEffect(() => {
    if (search.challenge || search.signInError) void navigate({ to: ".", search: {}, replace: true });
  }, []);
  return { ...state, clear: () => setState({ challenge: null, error: null }) };
}

export function ProviderSignInError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" borderRadius="lg" role="alert">
      <Alert.Indicator />
      <Alert.Description>{message}</Alert.Description>
    </Alert.Root>
  );
}

/** The second step after a provider sign-in: a code from the authenticator app or a backup code. */
export function ProviderSecondFactor({ challenge, onCancel }: { challenge: string; onCancel: () => void }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const verify = trpc.auth.verifyMfa.useMutation();
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack gap="6" align="center" py={{ base: "2", md: "6" }}>
      <StepHeading icon={LuShieldCheck} title="Two-step verification">
        Your account uses two-factor authentication. One more step to finish signing in.
      </StepHeading>
      <Stack w="full" maxW="sm">
        <MfaCodeForm
          pending={verify.isPending}
          error={error}
          onSubmit={(code) => {
            setError(null);
            verify.mutate(
              { challenge, code },
              {
                onSuccess: ({ user, redirectTo }) => {
                  // A new session: forget anything cached for the previous visitor, then seed who we are now.
                  queryClient.removeQueries();
                  utils.auth.me.setData(undefined, user);
                  router.history.replace(pathAfterSignIn(redirectTo));
                },
                onError: (failure) => setError(mfaCodeError(failure)),
              },
            );
          }}
          onCancel={onCancel}
          cancelLabel="Start again"
        />
      </Stack>
    </Stack>
  );
}
