// A portal's sign-in step: the e-mail form, then "Check your email" once the link is sent, until the visitor
// asks to try another address. The mutation itself remembers what was sent (its variables and answer).
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
};

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
    <EmailLinkForm
      inputId={inputId}
      email={email}
      onEmailChange={onEmailChange}
      onSubmit={(address) => request.mutate({ email: address })}
      isPending={request.isPending}
    />
  );
}
