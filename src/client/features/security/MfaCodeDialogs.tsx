// The two changes that need a current code while two-factor authentication is on: new backup codes, and
// turning it off. One dialog asks for the code; each change brings its words, its check and its mutation.
import { useState } from "react";
import { MFA } from "../../../shared/security";
import { apiErrorMessage, trpc } from "../../trpc";
import { type DialogControl, DialogForm, DialogFrame, DialogHeading } from "../../ui/dialog";
import { InputField } from "../../ui/form";
import { withReauthentication } from "../../ui/reauth";
import { showToast } from "../../ui/toaster";
import { announceBackupCodes } from "./BackupCodesPanel";
import { DISABLE_FAILED, isTotp, type ShownCodes, spaceless, TOTP_HINT } from "./mfaParts";

type CodeDialogWords = {
  title: string;
  subtitle: string;
  label: string;
  hint: string;
  confirmLabel: string;
  pendingLabel: string;
  palette: "blue" | "red";
};

const NEW_CODES: CodeDialogWords = {
  title: "New backup codes",
  subtitle: "Your current backup codes stop working and you get ten new ones.",
  label: "Code from your authenticator app",
  hint: `The ${MFA.digits}-digit code your app shows now.`,
  confirmLabel: "Create new codes",
  pendingLabel: "Creating…",
  palette: "blue",
};

const TURN_OFF: CodeDialogWords = {
  title: "Turn off two-factor authentication?",
  subtitle:
    "Sign-in will need only the e-mailed link, your backup codes stop working, and your other sessions are signed out.",
  label: "Code from your app, or a backup code",
  hint: `The ${MFA.digits}-digit code your app shows now, or one of your backup codes.`,
  confirmLabel: "Turn off",
  pendingLabel: "Turning off…",
  palette: "red",
};

/** A code from the app, or (to turn it off) a backup code: backup codes are 6 to 20 characters. */
function totpOrBackupProblem(code: string): string | null {
  const length = spaceless(code).length;
  return length >= 6 && length <= 20 ? null : "Enter the 6-digit code or a backup code";
}

function CodeDialog({
  open,
  onOpenChange,
  words,
  validate,
  pending,
  onSubmit,
  error,
  setError,
}: DialogControl & {
  words: CodeDialogWords;
  validate: (code: string) => string | null;
  pending: boolean;
  onSubmit: (code: string) => void;
  error: string | null;
  setError: (error: string | null) => void;
}) {
  const close = (next: boolean) => {
    if (!next) setError(null);
    onOpenChange(next);
  };
  const submit = (code: string) => {
    const problem = validate(code);
    setError(problem);
    if (!problem) onSubmit(code.trim());
  };
  return (
    <DialogFrame open={open} onOpenChange={close} layout="card" size="sm" busy={pending}>
      <DialogHeading title={words.title} subtitle={words.subtitle} />
      <CodeForm
        words={words}
        error={error}
        pending={pending}
        onCancel={() => close(false)}
        onSubmit={submit}
      />
    </DialogFrame>
  );
}

/** The dialog's form; it mounts with the dialog, so every opening starts with an empty code. */
function CodeForm({
  words,
  error,
  pending,
  onCancel,
  onSubmit,
}: {
  words: CodeDialogWords;
  error: string | null;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (code: string) => void;
}) {
  const [code, setCode] = useState("");
  return (
    <DialogForm
      label={words.title}
      plain
      onCancel={onCancel}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(code);
      }}
      submit={{
        confirmLabel: words.confirmLabel,
        pendingLabel: words.pendingLabel,
        palette: words.palette,
        pending,
      }}
    >
      <InputField
        label={words.label}
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="one-time-code"
        fontFamily="mono"
        autoFocus
        error={error}
        hint={words.hint}
      />
    </DialogForm>
  );
}

export function NewCodesDialog({
  onNewCodes,
  ...control
}: DialogControl & { onNewCodes: (shown: ShownCodes) => void }) {
  const [error, setError] = useState<string | null>(null);
  const regenerate = trpc.security.regenerateBackupCodes.useMutation({
    onSuccess: ({ backupCodes }) => {
      announceBackupCodes(backupCodes, "New backup codes created");
      onNewCodes({ codes: backupCodes, intro: "Your earlier backup codes no longer work." });
      control.onOpenChange(false);
    },
    onError: (failure) =>
      setError(apiErrorMessage(failure, "Failed to create new backup codes. Please try again.")),
  });
  return (
    <CodeDialog
      {...control}
      words={NEW_CODES}
      validate={(code) => (isTotp(code) ? null : TOTP_HINT)}
      pending={regenerate.isPending}
      onSubmit={(code) => regenerate.mutate({ code: spaceless(code) })}
      error={error}
      setError={setError}
    />
  );
}

export function TurnOffDialog(control: DialogControl) {
  const [error, setError] = useState<string | null>(null);
  const disable = trpc.security.disableMfa.useMutation({
    onSuccess: () => {
      control.onOpenChange(false);
      showToast({
        title: "Two-factor authentication is off",
        description: "Your other sessions have been signed out. Sign-in now needs only the e-mailed link.",
        variant: "success",
      });
    },
  });
  const refused = (failure: unknown) => {
    const message = apiErrorMessage(failure, DISABLE_FAILED);
    setError(message);
    showToast({ title: "Error", description: message, variant: "destructive" });
  };
  return (
    <CodeDialog
      {...control}
      words={TURN_OFF}
      validate={totpOrBackupProblem}
      pending={disable.isPending}
      // Turning it off needs a recent sign-in; an administrator confirms it in a dialog.
      onSubmit={(code) => void withReauthentication(() => disable.mutateAsync({ code })).catch(refused)}
      error={error}
      setError={setError}
    />
  );
}
