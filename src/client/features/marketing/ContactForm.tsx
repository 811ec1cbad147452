import { Button, Card, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useRef, useState } from "react";
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_ROLES,
  CONTACT_SUBJECTS,
  contactMessageInput,
} from "../../../shared/schemas/site";
import { apiErrorMessage, trpc } from "../../trpc";
import { InputField, SelectField, TextareaField } from "../../ui/form";
import { showToast } from "../../ui/toaster";

type ContactDraft = {
  name: string;
  email: string;
  company: string;
  role: string;
  subject: string;
  message: string;
};
type FieldName = keyof ContactDraft;
type Errors = Partial<Record<FieldName, string>>;

const EMPTY: ContactDraft = { name: "", email: "", company: "", role: "", subject: "", message: "" };
const FIELD_ORDER: FieldName[] = ["name", "email", "company", "role", "subject", "message"];

/** The same zod schema the server applies, so the form and the API can never disagree. */
function validate(draft: ContactDraft): Errors {
  const result = contactMessageInput.safeParse(draft);
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as FieldName | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

function fieldErrorsOf(error: unknown): Errors {
  const data = (error as { data?: { fieldErrors?: Record<string, string[] | undefined> } })?.data;
  const errors: Errors = {};
  for (const [field, messages] of Object.entries(data?.fieldErrors ?? {})) {
    if (FIELD_ORDER.includes(field as FieldName) && messages?.[0]) errors[field as FieldName] = messages[0];
  }
  return errors;
}

/**
 * The site contact form (SPEC.md section 5). The message is stored for the team to answer; the
 * 'Message Sent!' toast appears only once the server has accepted it, and then the form clears.
 */
export function ContactForm() {
  const [draft, setDraft] = useState<ContactDraft>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const form = useRef<HTMLFormElement>(null);
  const send = trpc.site.contact.useMutation();

  const set = (key: FieldName, value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const focusFirstInvalid = (found: Errors) => {
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const found = validate(draft);
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      focusFirstInvalid(found);
      return;
    }
    send.mutate(draft as never, {
      onSuccess: () => {
        showToast({
          title: "Message Sent!",
          description: "Thank you for contacting us. We'll get back to you within 24 hours.",
          variant: "success",
        });
        setDraft(EMPTY);
        setErrors({});
      },
      onError: (error) => {
        const serverErrors = fieldErrorsOf(error);
        if (Object.keys(serverErrors).length > 0) {
          setErrors(serverErrors);
          focusFirstInvalid(serverErrors);
        }
        showToast({
          title: "Error",
          description: apiErrorMessage(error, "Failed to send message. Please try again."),
          variant: "destructive",
        });
      },
    });
  };

  return (
    <Card.Root borderRadius="2xl" borderColor="border.muted" boxShadow="sm" bg="bg">
      <Card.Body p={{ base: "5", md: "8" }} gap="6">
        <Stack gap="1">
          <Heading as="h2" id="contact-form-title" size="lg" color="ink">
            Send us a message
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            Fields marked with an asterisk are required.
          </Text>
        </Stack>
        <form ref={form} onSubmit={submit} noValidate aria-labelledby="contact-form-title">
          <Stack gap="5">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
              <InputField
                label="Full Name"
                required
                error={errors.name}
                name="name"
                autoComplete="name"
                maxLength={120}
                value={draft.name}
                onChange={(e) => set("name", e.target.value)}
              />
              <InputField
                label="Email"
                required
                error={errors.email}
                name="email"
                type="email"
                autoComplete="email"
                maxLength={254}
                value={draft.email}
                onChange={(e) => set("email", e.target.value)}
              />
              <InputField
                label="Company"
                error={errors.company}
                name="company"
                autoComplete="organization"
                maxLength={160}
                value={draft.company}
                onChange={(e) => set("company", e.target.value)}
              />
              <SelectField
                label="Role"
                error={errors.role}
                emptyLabel="Select your role"
                options={CONTACT_ROLES}
                name="role"
                value={draft.role}
                onChange={(e) => set("role", e.currentTarget.value)}
              />
            </SimpleGrid>
            <SelectField
              label="Subject"
              required
              error={errors.subject}
              emptyLabel="What is this about?"
              options={CONTACT_SUBJECTS}
              name="subject"
              value={draft.subject}
              onChange={(e) => set("subject", e.currentTarget.value)}
            />
            <TextareaField
              label="Message"
              required
              error={errors.message}
              hint={`${draft.message.length.toLocaleString("en-US")} / ${CONTACT_MESSAGE_MAX.toLocaleString("en-US")} characters`}
              name="message"
              rows={6}
              maxLength={CONTACT_MESSAGE_MAX}
              value={draft.message}
              onChange={(e) => set("message", e.target.value)}
            />
            <Button
              type="submit"
              colorPalette="blue"
              size="lg"
              loading={send.isPending}
              loadingText="Sending..."
              alignSelf={{ base: "stretch", md: "flex-start" }}
            >
              Send Message
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
