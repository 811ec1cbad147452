import {
  Button,
  Card,
  Field,
  Heading,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Textarea,
} from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { z } from "zod";
import { showToast } from "../../ui/toaster";

const ROLES = [
  { value: "customer", label: "Customer" },
  { value: "salesperson", label: "Sales Professional" },
  { value: "manager", label: "Dealership Manager" },
  { value: "owner", label: "Dealership Owner" },
  { value: "other", label: "Other" },
] as const;

const SUBJECTS = [
  { value: "general", label: "General question" },
  { value: "support", label: "Technical support" },
  { value: "sales", label: "Sales" },
  { value: "enterprise", label: "Enterprise plans" },
  { value: "partnership", label: "Partnership" },
  { value: "feedback", label: "Product feedback" },
  { value: "other", label: "Other" },
] as const;

type ContactDraft = {
  name: string;
  email: string;
  company: string;
  role: string;
  subject: string;
  message: string;
};
const EMPTY: ContactDraft = { name: "", email: "", company: "", role: "", subject: "", message: "" };
type Errors = Partial<Record<keyof ContactDraft, string>>;

function validate(draft: ContactDraft): Errors {
  const errors: Errors = {};
  if (!draft.name.trim()) errors.name = "Please enter your full name";
  if (!draft.email.trim()) errors.email = "Please enter your email address";
  else if (!z.email().safeParse(draft.email.trim()).success)
    errors.email = "Please enter a valid email address";
  if (!draft.subject) errors.subject = "Please choose a subject";
  if (!draft.message.trim()) errors.message = "Please enter a message";
  return errors;
}

/** The site contact form (SPEC.md section 5): validated here; it makes no server call. */
export function ContactForm() {
  const [draft, setDraft] = useState<ContactDraft>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const set = (key: keyof ContactDraft, value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(draft);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    showToast({
      title: "Message Sent!",
      description: "Thank you for contacting us. We'll get back to you within 24 hours.",
      variant: "success",
    });
    setDraft(EMPTY);
  };

  return (
    <Card.Root borderRadius="2xl" borderColor="border.muted" boxShadow="sm">
      <Card.Body p={{ base: "5", md: "8" }} gap="6">
        <Heading as="h2" size="lg" color="ink">
          Send us a message
        </Heading>
        <form onSubmit={submit} noValidate>
          <Stack gap="5">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
              <Field.Root required invalid={Boolean(errors.name)}>
                <Field.Label>
                  Full Name <Field.RequiredIndicator />
                </Field.Label>
                <Input autoComplete="name" value={draft.name} onChange={(e) => set("name", e.target.value)} />
                <Field.ErrorText>{errors.name}</Field.ErrorText>
              </Field.Root>
              <Field.Root required invalid={Boolean(errors.email)}>
                <Field.Label>
                  Email <Field.RequiredIndicator />
                </Field.Label>
                <Input
                  type="email"
                  autoComplete="email"
                  value={draft.email}
                  onChange={(e) => set("email", e.target.value)}
                />
                <Field.ErrorText>{errors.email}</Field.ErrorText>
              </Field.Root>
              <Field.Root>
                <Field.Label>Company</Field.Label>
                <Input
                  autoComplete="organization"
                  value={draft.company}
                  onChange={(e) => set("company", e.target.value)}
                />
              </Field.Root>
              <Field.Root>
                <Field.Label>Role</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field value={draft.role} onChange={(e) => set("role", e.currentTarget.value)}>
                    <option value="">Select your role</option>
                    {ROLES.map((r) => (
                      <option key={r.value} value={r.value}>
                        {r.label}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
            </SimpleGrid>
            <Field.Root required invalid={Boolean(errors.subject)}>
              <Field.Label>
                Subject <Field.RequiredIndicator />
              </Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={draft.subject}
                  onChange={(e) => set("subject", e.currentTarget.value)}
                >
                  <option value="">What is this about?</option>
                  {SUBJECTS.map((s) => (
                    <option key={s.value} value={s.value}>
                      {s.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.ErrorText>{errors.subject}</Field.ErrorText>
            </Field.Root>
            <Field.Root required invalid={Boolean(errors.message)}>
              <Field.Label>
                Message <Field.RequiredIndicator />
              </Field.Label>
              <Textarea rows={6} value={draft.message} onChange={(e) => set("message", e.target.value)} />
              <Field.ErrorText>{errors.message}</Field.ErrorText>
            </Field.Root>
            <Button
              type="submit"
              colorPalette="blue"
              size="lg"
              alignSelf={{ base: "stretch", md: "flex-start" }}
            >
              Send message
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
