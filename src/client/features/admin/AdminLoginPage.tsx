import { Button, Heading, Icon, Stack, Text } from "@chakra-ui/react";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { LuFingerprint, LuLogIn, LuShieldCheck } from "react-icons/lu";
import type { AdminSecondFactors } from "../../../shared/schemas/admin";
import { saveAdminSession } from "../../adminSession";
import { apiErrorCode, apiErrorMessage, type RouterOutputs, trpc } from "../../trpc";
import { Eyebrow } from "../../ui/Eyebrow";
import { FailureAlert } from "../../ui/FailureAlert";
import { InputField } from "../../ui/form";
import { PanelPage } from "../../ui/layout/PageFrame";
import { getPasskey, NETWORK_ERROR, passkeyProblem } from "../../ui/passkeys";
import { useDocumentTitle } from "../../ui/useDocumentTitle";
import { MFA_PROMPT, MfaCodeForm, mfaCodeError } from "../auth";

export const ADMIN_LOGIN_FAILED = "Login failed";
export const ADMIN_NETWORK_ERROR = NETWORK_ERROR;

/** docs/product/admin.md#errors-on-sign-in: the server's message, 'Login failed' when it has none, or the network error. */
export function adminLoginError(error: unknown): string {
  if (apiErrorCode(error) === undefined) return ADMIN_NETWORK_ERROR;
  return apiErrorMessage(error, ADMIN_LOGIN_FAILED);
}

const NO_CREDENTIALS = { email: "", password: "", adminCode: "" };
type Credentials = typeof NO_CREDENTIALS;

/** The sign-in fields in order, with what each says when it is left empty. */
const FIELDS: {
  name: keyof Credentials;
  label: string;
  type: string;
  autoComplete: string;
  missing: string;
  hint?: string;
}[] = [
  {
    name: "email",
    label: "Email",
    type: "email",
    autoComplete: "username",
    missing: "Please enter your email address",
  },
  {
    name: "password",
    label: "Password",
    type: "password",
    autoComplete: "current-password",
    missing: "Please enter your password",
  },
  {
    name: "adminCode",
    label: "Admin code",
    type: "password",
    autoComplete: "one-time-code",
    missing: "Please enter the admin authorization code",
    hint: "The separate authorization code issued to administrators.",
  },
];

/** Spaces alone are no e-mail or code; a password is taken as typed. */
function isBlank(form: Credentials, name: keyof Credentials): boolean {
  return name === "password" ? !form.password : !form[name].trim();
}

/** /admin/login and /admin-login: e-mail, password and the admin authorization code. */
export function AdminLoginPage() {
  useDocumentTitle("Administrator Login");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = trpc.admin.login.useMutation();
  const verifyMfa = trpc.admin.verifyMfa.useMutation();
  /** Set when the account has a second factor: the password step passed, a code or a passkey is next. */
  const [step, setStep] = useState<PendingStep | null>(null);
  const challenge = step?.challenge ?? null;
  const [codeError, setCodeError] = useState<string | null>(null);
  const [form, setForm] = useState(NO_CREDENTIALS);
  const { email, password, adminCode } = form;
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (FIELDS.some((field) => isBlank(form, field.name))) {
      setMissing(true);
      return;
    }
    setMissing(false);
    try {
      const result = await login.mutateAsync({ email, password, adminCode: adminCode.trim() });
      setForm((f) => ({ ...f, password: "", adminCode: "" }));
      if ("mfaRequired" in result) {
        setCodeError(null);
        setStep({ challenge: result.challenge, methods: result.methods });
        return;
      }
      await signedIn(result);
    } catch (failure) {
      setError(adminLoginError(failure));
      setForm((f) => ({ ...f, password: "" }));
    }
  };

  const signedIn = async (session: { token: string; expiresAt: Date; user: { email: string } }) => {
    saveAdminSession({
      token: session.token,
      expiresAt: new Date(session.expiresAt).toISOString(),
      email: session.user.email,
    });
    // Everything cached so far was read as someone else (or no one).
    queryClient.removeQueries();
    await navigate({ to: "/admin/dashboard" });
  };

  const submitCode = async (code: string) => {
    if (!challenge) return;
    setCodeError(null);
    try {
      await signedIn(await verifyMfa.mutateAsync({ challenge, code }));
    } catch (failure) {
      setCodeError(apiErrorCode(failure) === undefined ? ADMIN_NETWORK_ERROR : mfaCodeError(failure));
    }
  };

  return (
    <PanelPage maxW="md">
      <Stack
        as="section"
        aria-labelledby="admin-login-title"
        gap="6"
        layerStyle="raised"
        p={{ base: "6", md: "8" }}
      >
        <Stack gap="2" align="flex-start">
          <Icon boxSize="10" color="blue.700" bg="blue.50" borderRadius="xl" p="2">
            <LuShieldCheck />
          </Icon>
          <Eyebrow>Platform administration</Eyebrow>
          <Heading as="h1" id="admin-login-title" size="2xl" color="ink" letterSpacing="-0.02em">
            Administrator Login
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {step
              ? secondStepPrompt(step.methods)
              : "Restricted to KnowBefore staff. Sign in with your email, password and admin authorization code."}
          </Text>
        </Stack>
        {step ? (
          <SecondStep
            step={step}
            codePending={verifyMfa.isPending}
            error={codeError}
            setError={setCodeError}
            onCode={(code) => void submitCode(code)}
            onSignedIn={signedIn}
            onCancel={() => {
              setStep(null);
              setCodeError(null);
            }}
          />
        ) : null}
        {challenge ? null : <FailureAlert message={error} />}
        {challenge ? null : (
          <form onSubmit={(e) => void submit(e)} noValidate aria-label="Administrator sign-in">
            <Stack gap="4">
              {FIELDS.map(({ name, missing: message, ...field }) => (
                <InputField
                  key={name}
                  required
                  {...field}
                  value={form[name]}
                  onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))}
                  error={missing && isBlank(form, name) ? message : undefined}
                />
              ))}
              <Button
                type="submit"
                colorPalette="blue"
                size="lg"
                loading={login.isPending}
                loadingText="Signing in..."
              >
                <LuLogIn /> Sign In
              </Button>
            </Stack>
          </form>
        )}
        <Button asChild variant="ghost" size="sm" alignSelf="center" color="fg.muted">
          <Link to="/">Back to home</Link>
        </Button>
      </Stack>
    </PanelPage>
  );
}

type PendingStep = { challenge: string; methods: AdminSecondFactors };

function secondStepPrompt(methods: AdminSecondFactors): string {
  if (!methods.totp) return "Two-step verification: confirm with your passkey.";
  const prompt = `${MFA_PROMPT.charAt(0).toLowerCase()}${MFA_PROMPT.slice(1)}`;
  return `Two-step verification: ${prompt}${methods.passkey ? ", or use your passkey" : ""}.`;
}

/** The second step: a code form when the account has an authenticator app, a passkey button when it has one. */
function SecondStep({
  step,
  codePending,
  error,
  setError,
  onCode,
  onSignedIn,
  onCancel,
}: {
  step: PendingStep;
  codePending: boolean;
  error: string | null;
  setError: (error: string | null) => void;
  onCode: (code: string) => void;
  onSignedIn: (session: RouterOutputs["admin"]["verifyPasskey"]) => Promise<void>;
  onCancel: () => void;
}) {
  const options = trpc.admin.passkeyOptions.useMutation();
  const verify = trpc.admin.verifyPasskey.useMutation();
  const [asking, setAsking] = useState(false);
  const confirmWithPasskey = async () => {
    setError(null);
    setAsking(true);
    try {
      const response = await getPasskey(await options.mutateAsync({ challenge: step.challenge }));
      if (response) await onSignedIn(await verify.mutateAsync({ challenge: step.challenge, response }));
    } catch (failure) {
      setError(passkeyProblem(failure, ADMIN_LOGIN_FAILED));
    } finally {
      setAsking(false);
    }
  };
  const passkeyButton = step.methods.passkey ? (
    <Button
      colorPalette="blue"
      variant={step.methods.totp ? "outline" : "solid"}
      size="lg"
      loading={asking}
      loadingText="Waiting for your passkey…"
      disabled={codePending}
      onClick={() => void confirmWithPasskey()}
    >
      <LuFingerprint /> Use a passkey
    </Button>
  ) : null;
  const { totp } = step.methods;
  return (
    <Stack gap={totp ? "3" : "4"}>
      {totp ? (
        <MfaCodeForm
          pending={codePending}
          error={error}
          onSubmit={onCode}
          onCancel={onCancel}
          cancelLabel="Start again"
        />
      ) : (
        <FailureAlert message={error} />
      )}
      {passkeyButton}
      {totp ? null : (
        <Button variant="plain" size="sm" color="blue.700" disabled={asking} onClick={onCancel}>
          Start again
        </Button>
      )}
    </Stack>
  );
}
