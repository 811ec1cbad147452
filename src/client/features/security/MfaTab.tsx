// The second factor: set up an authenticator app (QR code or the secret, then a first code turns it on),
// then its status, new backup codes and turning it off. Each change needs a current code.
import { Alert, Badge, Box, Button, Flex, HStack, Image, Skeleton, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { LuKeyRound, LuRefreshCw, LuShieldCheck, LuShieldOff } from "react-icons/lu";
import type { MfaSetup, MfaStatus } from "../../../shared/schemas/security";
import { MFA } from "../../../shared/security";
import { apiErrorMessage, trpc } from "../../trpc";
import { CopyButton } from "../../ui/CopyButton";
import { DialogForm, DialogFrame, DialogHeading } from "../../ui/dialog";
import { InputField } from "../../ui/form";
import { PanelHeader } from "../../ui/PanelHeader";
import { QueryState } from "../../ui/QueryState";
import { SectionCard } from "../../ui/SectionCard";
import { showToast } from "../../ui/toaster";
import { announceBackupCodes, BackupCodesPanel } from "./BackupCodesPanel";
import { formatDateTime } from "./format";

export const ENABLE_FAILED = "Failed to enable MFA. Please try again.";
export const DISABLE_FAILED = "Failed to disable MFA. Please try again.";
const TOTP_HINT = `Enter the ${MFA.digits}-digit code from your authenticator app`;

function isTotp(code: string): boolean {
  return new RegExp(`^\\d{${MFA.digits}}$`).test(code.replace(/\s/g, ""));
}

function useRefreshSecurity() {
  const utils = trpc.useUtils();
  return () => void utils.security.invalidate();
}

type ShownCodes = { codes: string[]; intro: string };

export function MfaTab() {
  const status = trpc.security.mfaStatus.useQuery(undefined, { refetchOnMount: "always" });
  const [shown, setShown] = useState<ShownCodes | null>(null);
  return (
    <Stack gap="6">
      <PanelHeader
        title="Multi-Factor Auth"
        description="Sign in with a code from an authenticator app as well as your e-mailed link, so a stolen link alone can't get in."
      />
      {shown ? (
        <BackupCodesPanel codes={shown.codes} intro={shown.intro} onDone={() => setShown(null)} />
      ) : null}
      <QueryState
        query={status}
        loading={<Skeleton h="48" borderRadius="xl" aria-busy="true" aria-label="Loading" />}
        error={{ title: "We couldn't load your two-factor settings", titleAs: "h3" }}
      >
        {(data) =>
          data.enabled ? (
            <MfaOn status={data} onNewCodes={setShown} />
          ) : (
            <MfaOff
              status={data}
              onEnabled={(codes) =>
                setShown({
                  codes,
                  intro:
                    "Two-factor authentication is on, and your other sessions have been signed out. From your next sign-in you'll be asked for a code.",
                })
              }
            />
          )
        }
      </QueryState>
    </Stack>
  );
}

// Off: set up ---------------------------------------------------------------------------------------------

function MfaOff({ status, onEnabled }: { status: MfaStatus; onEnabled: (codes: string[]) => void }) {
  const [setup, setSetup] = useState<MfaSetup | null>(null);
  const begin = trpc.security.setupMfa.useMutation({
    onSuccess: setSetup,
    onError: (error) =>
      showToast({
        title: "Error",
        description: apiErrorMessage(error, ENABLE_FAILED),
        variant: "destructive",
      }),
  });
  if (setup) return <SetupSteps setup={setup} onCancel={() => setSetup(null)} onEnabled={onEnabled} />;
  return (
    <SectionCard
      title={
        <HStack gap="2" wrap="wrap">
          <span>Two-factor authentication</span>
          <Badge colorPalette="orange" variant="subtle" borderRadius="full" px="2.5">
            Off
          </Badge>
        </HStack>
      }
      label="Two-factor authentication"
      description="Use an authenticator app such as Google Authenticator, Microsoft Authenticator, 1Password or Authy."
    >
      {status.required ? (
        <Alert.Root status="warning" borderRadius="lg">
          <Alert.Indicator />
          <Alert.Description>
            The platform requires administrators to use two-factor authentication. Set it up to use the
            administrator tools.
          </Alert.Description>
        </Alert.Root>
      ) : null}
      <Stack as="ol" gap="1.5" fontSize="sm" color="fg.muted" ps="5" listStyleType="decimal">
        <li>Scan a QR code with your app (or type in the key it shows).</li>
        <li>Enter the {MFA.digits}-digit code your app shows to turn it on.</li>
        <li>Save your backup codes, for when your phone isn't with you.</li>
      </Stack>
      <Button
        colorPalette="blue"
        alignSelf="flex-start"
        loading={begin.isPending}
        loadingText="Preparing…"
        onClick={() => begin.mutate()}
      >
        <LuKeyRound /> Set up
      </Button>
    </SectionCard>
  );
}

function SetupSteps({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: MfaSetup;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const refresh = useRefreshSecurity();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const enable = trpc.security.enableMfa.useMutation({
    onSuccess: ({ backupCodes }) => {
      announceBackupCodes(backupCodes, "Two-factor authentication is on");
      onEnabled(backupCodes);
      refresh();
    },
    onError: (failure) => {
      const message = apiErrorMessage(failure, ENABLE_FAILED);
      setError(message);
      setCode("");
      showToast({ title: "Error", description: message, variant: "destructive" });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isTotp(code)) {
      setError(TOTP_HINT);
      return;
    }
    setError(null);
    enable.mutate({ code: code.replace(/\s/g, "") });
  };

  return (
    <SectionCard
      title="Set up your authenticator app"
      description="Nothing changes until you enter a code from the app."
    >
      <Flex
        gap={{ base: "5", md: "8" }}
        direction={{ base: "column", md: "row" }}
        align={{ md: "flex-start" }}
      >
        <Stack gap="2" align={{ base: "center", md: "flex-start" }} flexShrink={0}>
          <Text fontSize="sm" fontWeight="semibold" color="ink" alignSelf="flex-start">
            1. Scan this QR code with your app
          </Text>
          <Box p="2" bg="white" borderWidth="1px" borderColor="border.muted" borderRadius="lg">
            <Image
              src={setup.qrCodeDataUrl}
              alt="QR code for adding your KnowBefore account to an authenticator app"
              boxSize={{ base: "44", md: "48" }}
            />
          </Box>
        </Stack>
        <Stack gap="5" flex="1" minW="0">
          <Stack gap="2">
            <Text fontSize="sm" fontWeight="semibold" color="ink">
              Can't scan it? Enter this key in your app instead
            </Text>
            <Flex gap="2" align="center" wrap="wrap">
              <Text
                fontFamily="mono"
                fontSize={{ base: "sm", md: "md" }}
                color="ink"
                bg="gray.50"
                borderWidth="1px"
                borderColor="border.muted"
                borderRadius="md"
                px="3"
                py="2"
                overflowWrap="anywhere"
                data-testid="mfa-secret"
              >
                {setup.secret}
              </Text>
              <CopyButton text={setup.secret.replace(/\s/g, "")} label="Copy key" />
            </Flex>
            <Text fontSize="xs" color="fg.muted">
              Time-based, {MFA.digits} digits, every {MFA.periodSeconds} seconds.
            </Text>
          </Stack>
          <form onSubmit={submit} noValidate aria-label="Turn on two-factor authentication">
            <Stack gap="3" maxW="sm">
              <InputField
                label={`2. Enter the ${MFA.digits}-digit code from your app`}
                required
                value={code}
                onChange={(e) => setCode(e.target.value)}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                fontFamily="mono"
                letterSpacing="0.2em"
                placeholder="123456"
                error={error}
              />
              <HStack gap="2" wrap="wrap">
                <Button
                  type="submit"
                  colorPalette="blue"
                  loading={enable.isPending}
                  loadingText="Turning on…"
                >
                  <LuShieldCheck /> Turn on
                </Button>
                <Button variant="ghost" onClick={onCancel} disabled={enable.isPending}>
                  Cancel
                </Button>
              </HStack>
            </Stack>
          </form>
        </Stack>
      </Flex>
    </SectionCard>
  );
}

// On: status, new backup codes, turn off ------------------------------------------------------------------

function MfaOn({ status, onNewCodes }: { status: MfaStatus; onNewCodes: (shown: ShownCodes) => void }) {
  const [dialog, setDialog] = useState<"codes" | "off" | null>(null);
  const remaining = status.backupCodesRemaining;
  return (
    <>
      <SectionCard
        title={
          <HStack gap="2" wrap="wrap">
            <span>Two-factor authentication</span>
            <Badge colorPalette="green" variant="subtle" borderRadius="full" px="2.5">
              On
            </Badge>
          </HStack>
        }
        label="Two-factor authentication"
        description={
          status.enabledAt
            ? `On since ${formatDateTime(status.enabledAt)}. Every sign-in asks for a code from your app.`
            : "Every sign-in asks for a code from your app."
        }
      >
        <Stack gap="1">
          <Text fontSize="sm" color="fg.muted">
            Backup codes left
          </Text>
          <Text fontSize="2xl" fontWeight="semibold" color={status.warning ? "orange.700" : "ink"}>
            {remaining} of {MFA.backupCodeCount}
          </Text>
        </Stack>
        {status.warning ? (
          <Alert.Root status="warning" borderRadius="lg">
            <Alert.Indicator />
            <Alert.Description>
              {remaining === 0
                ? "You have no backup codes left."
                : `Only ${remaining} backup code${remaining === 1 ? "" : "s"} left.`}{" "}
              Make new ones so you can still sign in without your phone.
            </Alert.Description>
          </Alert.Root>
        ) : null}
        {status.lockedUntil ? (
          <Alert.Root status="error" borderRadius="lg">
            <Alert.Indicator />
            <Alert.Description>
              Too many wrong codes: two-factor sign-in is locked until {formatDateTime(status.lockedUntil)}.
            </Alert.Description>
          </Alert.Root>
        ) : null}
        <HStack gap="2" wrap="wrap">
          <Button variant="outline" onClick={() => setDialog("codes")}>
            <LuRefreshCw /> New backup codes
          </Button>
          <Button
            variant="outline"
            colorPalette="red"
            onClick={() => setDialog("off")}
            disabled={status.required}
          >
            <LuShieldOff /> Turn off
          </Button>
        </HStack>
        {status.required ? (
          <Text fontSize="sm" color="fg.muted">
            The platform requires administrators to use two-factor authentication, so it can't be turned off.
          </Text>
        ) : null}
      </SectionCard>
      <NewCodesDialog
        open={dialog === "codes"}
        onOpenChange={(open) => setDialog(open ? "codes" : null)}
        onNewCodes={onNewCodes}
      />
      <TurnOffDialog open={dialog === "off"} onOpenChange={(open) => setDialog(open ? "off" : null)} />
    </>
  );
}

function CodeDialog({
  open,
  onOpenChange,
  title,
  subtitle,
  label,
  hint,
  validate,
  confirmLabel,
  pendingLabel,
  palette,
  pending,
  onSubmit,
  error,
  setError,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  subtitle: string;
  label: string;
  hint: string;
  validate: (code: string) => string | null;
  confirmLabel: string;
  pendingLabel: string;
  palette: "blue" | "red";
  pending: boolean;
  onSubmit: (code: string) => void;
  error: string | null;
  setError: (error: string | null) => void;
}) {
  const close = (next: boolean) => {
    if (!next) setError(null);
    onOpenChange(next);
  };
  return (
    <DialogFrame open={open} onOpenChange={close} layout="card" size="sm" busy={pending}>
      <DialogHeading title={title} subtitle={subtitle} />
      <CodeForm
        title={title}
        label={label}
        hint={hint}
        error={error}
        onCancel={() => close(false)}
        onSubmit={(code) => {
          const problem = validate(code);
          setError(problem);
          if (!problem) onSubmit(code.trim());
        }}
        submit={{ confirmLabel, pendingLabel, pending, palette }}
      />
    </DialogFrame>
  );
}

/** The dialog's form; it mounts with the dialog, so every opening starts with an empty code. */
function CodeForm({
  title,
  label,
  hint,
  error,
  onCancel,
  onSubmit,
  submit,
}: {
  title: string;
  label: string;
  hint: string;
  error: string | null;
  onCancel: () => void;
  onSubmit: (code: string) => void;
  submit: { confirmLabel: string; pendingLabel: string; pending: boolean; palette: "blue" | "red" };
}) {
  const [code, setCode] = useState("");
  return (
    <DialogForm
      label={title}
      plain
      onCancel={onCancel}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(code);
      }}
      submit={submit}
    >
      <InputField
        label={label}
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="one-time-code"
        fontFamily="mono"
        autoFocus
        error={error}
        hint={hint}
      />
    </DialogForm>
  );
}

function NewCodesDialog({
  open,
  onOpenChange,
  onNewCodes,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onNewCodes: (shown: ShownCodes) => void;
}) {
  const refresh = useRefreshSecurity();
  const [error, setError] = useState<string | null>(null);
  const regenerate = trpc.security.regenerateBackupCodes.useMutation({
    onSuccess: ({ backupCodes }) => {
      announceBackupCodes(backupCodes, "New backup codes created");
      onNewCodes({ codes: backupCodes, intro: "Your earlier backup codes no longer work." });
      onOpenChange(false);
      refresh();
    },
    onError: (failure) =>
      setError(apiErrorMessage(failure, "Failed to create new backup codes. Please try again.")),
  });
  return (
    <CodeDialog
      open={open}
      onOpenChange={onOpenChange}
      title="New backup codes"
      subtitle="Your current backup codes stop working and you get ten new ones."
      label="Code from your authenticator app"
      hint={`The ${MFA.digits}-digit code your app shows now.`}
      validate={(code) => (isTotp(code) ? null : TOTP_HINT)}
      confirmLabel="Create new codes"
      pendingLabel="Creating…"
      palette="blue"
      pending={regenerate.isPending}
      onSubmit={(code) => regenerate.mutate({ code: code.replace(/\s/g, "") })}
      error={error}
      setError={setError}
    />
  );
}

function TurnOffDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const refresh = useRefreshSecurity();
  const [error, setError] = useState<string | null>(null);
  const disable = trpc.security.disableMfa.useMutation({
    onSuccess: () => {
      onOpenChange(false);
      showToast({
        title: "Two-factor authentication is off",
        description: "Your other sessions have been signed out. Sign-in now needs only the e-mailed link.",
        variant: "success",
      });
      refresh();
    },
    onError: (failure) => {
      const message = apiErrorMessage(failure, DISABLE_FAILED);
      setError(message);
      showToast({ title: "Error", description: message, variant: "destructive" });
    },
  });
  return (
    <CodeDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Turn off two-factor authentication?"
      subtitle="Sign-in will need only the e-mailed link, your backup codes stop working, and your other sessions are signed out."
      label="Code from your app, or a backup code"
      hint={`The ${MFA.digits}-digit code your app shows now, or one of your backup codes.`}
      validate={(code) => {
        const length = code.replace(/\s/g, "").length;
        return length >= 6 && length <= 20 ? null : "Enter the 6-digit code or a backup code";
      }}
      confirmLabel="Turn off"
      pendingLabel="Turning off…"
      palette="red"
      pending={disable.isPending}
      onSubmit={(code) => disable.mutate({ code })}
      error={error}
      setError={setError}
    />
  );
}
