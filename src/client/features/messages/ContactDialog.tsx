import { Dialog, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import type { IconType } from "react-icons";
import { LuMail, LuMessageSquareText, LuPhone, LuSend } from "react-icons/lu";
import { CONTACT_METHODS } from "../../../shared/reviews";
import { trpc } from "../../trpc";
import { ChoiceCards } from "../../ui/ChoiceCards";
import {
  closeWithSuccess,
  type DialogControl,
  DialogForm,
  DialogFrame,
  DialogHeading,
  SignInActions,
} from "../../ui/dialog";
import { showFailure } from "../../ui/failureToast";
import { TextareaField } from "../../ui/form";
import { useSession } from "../../ui/session";
import type { SalespersonRef } from "../../ui/types";

type ContactMethod = (typeof CONTACT_METHODS)[number];

export const CONTACT_METHOD_LABELS: Record<ContactMethod, { label: string; icon: IconType; by: string }> = {
  phone: { label: "Phone call", icon: LuPhone, by: "phone" },
  email: { label: "Email", icon: LuMail, by: "email" },
  text: { label: "Text message", icon: LuMessageSquareText, by: "text message" },
};

export const CONTACT_LOGIN_REQUIRED = "Please log in to contact salespeople";
const MESSAGE_REQUIRED = "Please write a message";
const METHOD_REQUIRED = "Choose how you want to be contacted";

function ContactForm({ salesperson, onClose }: { salesperson: SalespersonRef; onClose: () => void }) {
  const [message, setMessage] = useState("");
  const [method, setMethod] = useState<ContactMethod | "">("");
  const [attempted, setAttempted] = useState(false);
  const contact = trpc.messages.contact.useMutation({
    onSuccess: () =>
      closeWithSuccess(onClose, {
        title: "Message sent",
        description: `${salesperson.name} will get back to you by ${method ? CONTACT_METHOD_LABELS[method].by : "message"}. You can follow the conversation under Messages.`,
      }),
    onError: (error) => showFailure("Error", error, "Failed to send message. Please try again."),
  });

  const messageMissing = attempted && message.trim() === "";
  const methodMissing = attempted && method === "";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (message.trim() === "" || method === "") return;
    contact.mutate({ salespersonId: salesperson.id, message: message.trim(), contactMethod: method });
  };

  return (
    <>
      <DialogHeading
        title={`Contact ${salesperson.name}`}
        subtitle="Ask about a car, prices or availability before you visit."
      />
      <DialogForm
        label={`Contact ${salesperson.name}`}
        onSubmit={submit}
        onCancel={onClose}
        submit={{
          confirmIcon: <LuSend />,
          confirmLabel: "Send message",
          pendingLabel: "Sending...",
          pending: contact.isPending,
        }}
      >
        <Stack gap="5">
          <TextareaField
            label="Message"
            required
            error={messageMissing ? MESSAGE_REQUIRED : undefined}
            rows={5}
            maxLength={4000}
            placeholder="Hi, I'm interested in a test drive this weekend. Is the blue hybrid still available?"
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
          />
          <ChoiceCards
            label={`How should ${salesperson.name.split(" ")[0]} contact you?`}
            choices={CONTACT_METHODS.map((value) => ({
              value,
              label: CONTACT_METHOD_LABELS[value].label,
              icon: (() => {
                const MethodIcon = CONTACT_METHOD_LABELS[value].icon;
                return <MethodIcon />;
              })(),
            }))}
            value={method}
            onChange={(value) => setMethod(value as ContactMethod)}
            columns={3}
            required
            invalid={methodMissing}
            hint={
              methodMissing ? (
                <Text fontSize="sm" color="fg.error">
                  {METHOD_REQUIRED}
                </Text>
              ) : (
                <Text fontSize="xs" color="fg.muted">
                  Replies also appear under Messages on your dashboard.
                </Text>
              )
            }
          />
        </Stack>
      </DialogForm>
    </>
  );
}

function LoginToContact({
  salesperson,
  onClose,
  signedInAs,
}: {
  salesperson: SalespersonRef;
  onClose: () => void;
  signedInAs?: string;
}) {
  return (
    <>
      <DialogHeading title={`Contact ${salesperson.name}`} />
      <Dialog.Body>
        <Stack gap="2">
          <Text fontWeight="medium">{CONTACT_LOGIN_REQUIRED}</Text>
          <Text color="fg.muted" fontSize="sm">
            {signedInAs
              ? `You're signed in with a ${signedInAs} account. Messages to salespeople come from customer accounts, so replies reach the buyer who asked.`
              : "Sign in with a link sent to your email. It's free for car buyers, and replies show up in your dashboard."}
          </Text>
        </Stack>
      </Dialog.Body>
      <SignInActions onClose={onClose} signIn={!signedInAs} />
    </>
  );
}

/** The contact dialog (docs/product/messaging.md#contacting-a-salesperson): a message and how to be contacted (phone, email or text), for signed-in customers. */
export function ContactDialog({
  open,
  onOpenChange,
  salesperson,
}: DialogControl & {
  salesperson: SalespersonRef;
}) {
  const { user } = useSession();
  const close = () => onOpenChange(false);
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} size="md">
      {user?.role === "customer" ? (
        <ContactForm salesperson={salesperson} onClose={close} />
      ) : (
        <LoginToContact salesperson={salesperson} onClose={close} signedInAs={user?.role} />
      )}
    </DialogFrame>
  );
}
