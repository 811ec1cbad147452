// A portal's sign-in step: the e-mail form, then "Check your email" once the link is sent, until the visitor
// asks to try another address. The mutation itself remembers what was sent (its variables and answer). When the
// mail server is away the form stays, with the server's word that e-mail is delayed above it until the next try.

import { Alert, Stack } from "@chakra-ui/react";
import { ErrorReason } from "../../../shared/errorCodes";
import { MAIL_DELAYED_MESSAGE } from "../../../shared/schemas/auth";
import { apiErrorCause, apiErrorMessage } from "../../trpc";
import { CheckEmailPanel } from "./CheckEmailPanel";
import { EmailLinkForm } from "./EmailLinkForm";

/** What the step needs of a `requestLogin` mutation (customer or salesperson). */
type LinkRequest = {
  mutate: (input: { email: string }) => void;
  reset: () => void;
  isPending: boolean;
  isSuccess: boolean;
  variables: { email: string } | undefined;
  data: { magicLink?: string | undefined } | undefined;
  error: unknown;
};

/** Whether a link request failed because the mail server did not take its e-mail (the page says so itself). */
export function mailDelayed(error: unknown): boolean {
  return apiErrorCause(error) === ErrorReason.MAIL_DELAYED;
}

export function SignInLinkStep({
  request,
  inputId,
  email,
  onEmailChange,
}: {
  request: LinkRequest;
  inputId: string;
  email: string;
  onEmailChange: (email: string) => void;
}) {
  if (request.isSuccess && request.variables) {
    const reset = () => {
      onEmailChange("");
      request.reset();
    };
    return (
      <CheckEmailPanel email={request.variables.email} magicLink={request.data?.magicLink} onReset={reset} />
    );
  }
  return (
    <Stack gap="4">
      {mailDelayed(request.error) ? (
        <Alert.Root status="warning" borderRadius="lg" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Email is delayed</Alert.Title>
            <Alert.Description>{apiErrorMessage(request.error, MAIL_DELAYED_MESSAGE)}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <EmailLinkForm
        inputId={inputId}
        email={email}
        onEmailChange={onEmailChange}
        onSubmit={(address) => request.mutate({ email: address })}
        isPending={request.isPending}
      />
    </Stack>
  );
}
