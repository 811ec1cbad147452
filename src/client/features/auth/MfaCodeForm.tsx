// The second step of a sign-in for accounts with two-factor authentication: a code from the authenticator
// app or a backup code. Used after an e-mailed link and after the administrators' password sign-in.
import { Button, Stack } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { LuShieldCheck } from "react-icons/lu";
import { MFA } from "../../../shared/security";
import { apiErrorMessage } from "../../trpc";
import { FailureAlert } from "../../ui/FailureAlert";
import { InputField } from "../../ui/form";

export const MFA_PROMPT = `Enter the ${MFA.digits}-digit code from your authenticator app, or a backup code`;
export const MFA_CODE_FAILED = "That code is not right. Try again.";

/** The server's message for a refused code (wrong, locked, expired sign-in), or the usual one. */
export function mfaCodeError(error: unknown): string {
  return apiErrorMessage(error, MFA_CODE_FAILED);
}

export function MfaCodeForm({
  pending,
  error,
  onSubmit,
  onCancel,
  cancelLabel,
}: {
  pending: boolean;
  /** Why the last code was refused. */
  error: string | null;
  onSubmit: (code: string) => void;
  onCancel: () => void;
  cancelLabel: string;
}) {
  const [code, setCode] = useState("");
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    const length = trimmed.replace(/\s/g, "").length;
    if (length < MFA.digits || length > 20) {
      setMissing(true);
      return;
    }
    setMissing(false);
    onSubmit(trimmed);
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Second sign-in step">
      <Stack gap="4">
        <FailureAlert message={error} />
        <InputField
          label="Verification code"
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          autoFocus
          fontFamily="mono"
          letterSpacing="0.1em"
          size="lg"
          hint={MFA_PROMPT}
          error={missing ? "Enter the 6-digit code or a backup code" : undefined}
        />
        <Button type="submit" colorPalette="blue" size="lg" loading={pending} loadingText="Checking…">
          <LuShieldCheck /> Verify
        </Button>
        <Button variant="plain" size="sm" color="blue.700" disabled={pending} onClick={onCancel}>
          {cancelLabel}
        </Button>
      </Stack>
    </form>
  );
}
