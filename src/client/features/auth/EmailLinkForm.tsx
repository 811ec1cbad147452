import { Button, Field, Input, Stack } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { LuArrowRight } from "react-icons/lu";
import { showToast } from "../../ui/toaster";
import { checkEmail } from "./emailInput";

/**
 * The one-field "e-mail me a sign-in link" form shared by the customer and salesperson portals.
 * Empty input gets the spec's toast; a malformed address is explained under the field.
 */
export function EmailLinkForm({
  email,
  onEmailChange,
  onSubmit,
  isPending,
  submitLabel = "Email me a sign-in link",
  inputId,
}: {
  email: string;
  onEmailChange: (value: string) => void;
  onSubmit: (email: string) => void;
  isPending: boolean;
  submitLabel?: string;
  inputId: string;
}) {
  const [fieldError, setFieldError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkEmail(email);
    if (check.kind === "empty") {
      setFieldError(null);
      showToast({
        title: "Email Required",
        description: "Please enter your email address",
        variant: "destructive",
      });
      return;
    }
    if (check.kind === "invalid") {
      setFieldError(check.message);
      return;
    }
    setFieldError(null);
    onSubmit(check.email);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <Field.Root invalid={fieldError !== null}>
          <Field.Label htmlFor={inputId}>Email address</Field.Label>
          <Input
            id={inputId}
            type="email"
            inputMode="email"
            // "webauthn" lets the browser offer this site's passkeys among the suggestions (PasskeySignIn.tsx).
            autoComplete="username webauthn"
            placeholder="you@example.com"
            size="lg"
            value={email}
            onChange={(e) => {
              onEmailChange(e.target.value);
              if (fieldError) setFieldError(null);
            }}
          />
          {fieldError ? <Field.ErrorText>{fieldError}</Field.ErrorText> : null}
        </Field.Root>
        <Button type="submit" colorPalette="blue" size="lg" loading={isPending} loadingText="Sending link…">
          {submitLabel} <LuArrowRight />
        </Button>
      </Stack>
    </form>
  );
}
