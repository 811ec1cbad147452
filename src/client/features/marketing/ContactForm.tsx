import { Badge, Button, Card, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useSearch } from "@tanstack/react-router";
import type { FormEvent } from "react";
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_ROLES,
  CONTACT_SUBJECTS,
  contactMessageInput,
  hoursText,
  SUPPORT_REPLY_HOURS,
} from "../../../shared/schemas/site";
import { trpc } from "../../trpc";
import { showFailure } from "../../ui/failureToast";
import { InputField, SelectField, TextareaField } from "../../ui/form";
import { contactSearch } from "../../ui/searchParams";
import { showToast } from "../../ui/toaster";
import { useFormDraft } from "../../ui/useFormDraft";

const EMPTY = { name: "", email: "", company: "", role: "", subject: "", message: "" };

/**
 * The site contact form (docs/product/messaging.md#site-contact-form). The message is stored for the team to answer; the
 * 'Message Sent!' toast appears only once the server has accepted it, with the reply time of the case's tier
 * (docs/product/support.md#reply-times), and then the form clears.
 */
export function ContactForm() {
  // A follow-up from the link in a support reply names its case (docs/product/support.md#follow-ups).
  const caseNumber = contactSearch(useSearch({ strict: false })).case;
  const form = useFormDraft(EMPTY);
  const { draft, bind } = form;
  const send = trpc.site.contact.useMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    // The same zod schema the server applies, so the form and the API can never disagree.
    const message = form.check(contactMessageInput);
    if (!message) return;
    if (caseNumber) message.caseNumber = caseNumber;
    send.mutate(message, {
      onSuccess: (receipt) => {
        // The reply time of the case's tier, as the server decided it from the sender's plan.
        const hours = SUPPORT_REPLY_HOURS[receipt.priority ? "priority" : "standard"];
        showToast({
          title: "Message Sent!",
          description: `Thank you for contacting us. We'll get back to you within ${hoursText(hours)}.`,
          variant: "success",
        });
        form.reset();
      },
      onError: (error) => {
        form.showServerErrors(error);
        showFailure("Error", error, "Failed to send message. Please try again.");
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
          {caseNumber ? (
            <Badge alignSelf="start" colorPalette="blue" variant="subtle" size="lg">
              Re: case #{caseNumber}
            </Badge>
          ) : null}
          <Text fontSize="sm" color="fg.muted">
            Fields marked with an asterisk are required.
          </Text>
        </Stack>
        <form ref={form.formRef} onSubmit={submit} noValidate aria-labelledby="contact-form-title">
          <Stack gap="5">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
              <InputField label="Full Name" required autoComplete="name" maxLength={120} {...bind("name")} />
              <InputField
                label="Email"
                required
                type="email"
                autoComplete="email"
                maxLength={254}
                {...bind("email")}
              />
              <InputField label="Company" autoComplete="organization" maxLength={160} {...bind("company")} />
              <SelectField
                label="Role"
                emptyLabel="Select your role"
                options={CONTACT_ROLES}
                {...bind("role")}
              />
            </SimpleGrid>
            <SelectField
              label="Subject"
              required
              emptyLabel="What is this about?"
              options={CONTACT_SUBJECTS}
              {...bind("subject")}
            />
            <TextareaField
              label="Message"
              required
              hint={`${draft.message.length.toLocaleString("en-US")} / ${CONTACT_MESSAGE_MAX.toLocaleString("en-US")} characters`}
              rows={6}
              maxLength={CONTACT_MESSAGE_MAX}
              {...bind("message")}
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
