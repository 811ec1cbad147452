// The second factor: set up an authenticator app (QR code or the secret, then a first code turns it on),
// then its status, new backup codes and turning it off. Each change needs a current code.

import { Alert, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LuRefreshCw, LuShieldOff } from "react-icons/lu";
import type { MfaStatus } from "../../../shared/schemas/security";
import { MFA } from "../../../shared/security";
import { PanelHeader } from "../../ui/PanelHeader";
import { SectionCard } from "../../ui/SectionCard";
import { BackupCodesPanel } from "./BackupCodesPanel";
import { formatDateTime } from "./format";
import { NewCodesDialog, TurnOffDialog } from "./MfaCodeDialogs";
import { MfaOff } from "./MfaOff";
import { MfaTitle, type ShownCodes } from "./mfaParts";
import { securityQueries } from "./queries";

export function MfaTab() {
  const { data } = useSuspenseQuery(securityQueries.mfaStatus());
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
      {data.enabled ? (
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
      )}
    </Stack>
  );
}

// On: status, new backup codes, turn off ------------------------------------------------------------------

function MfaOn({ status, onNewCodes }: { status: MfaStatus; onNewCodes: (shown: ShownCodes) => void }) {
  const [dialog, setDialog] = useState<"codes" | "off" | null>(null);
  const remaining = status.backupCodesRemaining;
  return (
    <>
      <SectionCard
        title={<MfaTitle on />}
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
