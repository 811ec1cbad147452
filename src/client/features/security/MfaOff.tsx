// Two-factor authentication while it is off: what it takes, then the QR code or the key, and a first code
// from the app that turns it on.
import { Alert, Box, Button, Flex, HStack, Image, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { LuKeyRound, LuShieldCheck } from "react-icons/lu";
import type { MfaSetup, MfaStatus } from "../../../shared/schemas/security";
import { MFA } from "../../../shared/security";
import { apiErrorMessage, trpc } from "../../trpc";
import { CopyButton } from "../../ui/CopyButton";
import { showFailure } from "../../ui/failureToast";
import { InputField } from "../../ui/form";
import { withReauthentication } from "../../ui/reauth";
import { SectionCard } from "../../ui/SectionCard";
import { showToast } from "../../ui/toaster";
import { announceBackupCodes } from "./BackupCodesPanel";
import { ENABLE_FAILED, isTotp, MfaTitle, spaceless, TOTP_HINT } from "./mfaParts";

/** The key as people copy it by hand: monospaced, wrapping anywhere on a phone. */
const SECRET_TEXT = {
  fontFamily: "mono",
  fontSize: { base: "sm", md: "md" },
  color: "ink",
  borderRadius: "md",
  px: "3",
  py: "2",
  overflowWrap: "anywhere",
} as const;

export function MfaOff({ status, onEnabled }: { status: MfaStatus; onEnabled: (codes: string[]) => void }) {
  const [setup, setSetup] = useState<MfaSetup | null>(null);
  const begin = trpc.security.setupMfa.useMutation();
  // Changing how the account signs in needs a recent sign-in; an administrator confirms it in a dialog.
  const start = () =>
    withReauthentication(() => begin.mutateAsync()).then(setSetup, (error: unknown) =>
      showFailure("Error", error, ENABLE_FAILED),
    );
  if (setup) return <SetupSteps setup={setup} onCancel={() => setSetup(null)} onEnabled={onEnabled} />;
  return (
    <SectionCard
      title={<MfaTitle on={false} />}
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
        onClick={() => void start()}
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
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const enable = trpc.security.enableMfa.useMutation({
    onSuccess: ({ backupCodes }) => {
      announceBackupCodes(backupCodes, "Two-factor authentication is on");
      onEnabled(backupCodes);
    },
    onError: (failure) => {
      const message = apiErrorMessage(failure, ENABLE_FAILED);
      setError(message);
      setCode("");
      showToast({ title: "Error", description: message, variant: "destructive" });
    },
  });
  const pending = enable.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isTotp(code)) {
      setError(TOTP_HINT);
      return;
    }
    setError(null);
    enable.mutate({ code: spaceless(code) });
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
              <Text layerStyle="inset" {...SECRET_TEXT} data-testid="mfa-secret">
                {setup.secret}
              </Text>
              <CopyButton text={spaceless(setup.secret)} label="Copy key" />
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
                <Button type="submit" colorPalette="blue" loading={pending} loadingText="Turning on…">
                  <LuShieldCheck /> Turn on
                </Button>
                <Button variant="ghost" onClick={onCancel} disabled={pending}>
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
