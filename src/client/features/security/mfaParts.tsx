// What the two-factor screens share: the failure messages, the code check, and the title with its state.
import { Badge, HStack } from "@chakra-ui/react";
import { MFA } from "../../../shared/security";

export const ENABLE_FAILED = "Failed to enable MFA. Please try again.";
export const DISABLE_FAILED = "Failed to disable MFA. Please try again.";
export const TOTP_HINT = `Enter the ${MFA.digits}-digit code from your authenticator app`;

/** Backup codes to show once, with the sentence that says why they are new. */
export type ShownCodes = { codes: string[]; intro: string };

/** A code as typed, without the spaces people copy from their app. */
export function spaceless(code: string): string {
  return code.replace(/\s/g, "");
}

export function isTotp(code: string): boolean {
  return new RegExp(`^\\d{${MFA.digits}}$`).test(spaceless(code));
}

/** "Two-factor authentication" with an On or Off badge, the title of both states' cards. */
export function MfaTitle({ on }: { on: boolean }) {
  return (
    <HStack gap="2" wrap="wrap">
      <span>Two-factor authentication</span>
      <Badge colorPalette={on ? "green" : "orange"} variant="subtle" borderRadius="full" px="2.5">
        {on ? "On" : "Off"}
      </Badge>
    </HStack>
  );
}
