// The public "List your dealership" form (docs/product/onboarding.md#listing-a-dealership): checked with the
// server's own schema, then a confirmation link goes to the applicant's work e-mail.
import { Button, Card, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import type { FormEvent } from "react";
import { LuMailCheck } from "react-icons/lu";
import { APPLICATION_CONFIRM_HOURS, dealershipApplicationInput } from "../../../shared/schemas/onboarding";
import { trpc } from "../../trpc";
import { showFailure } from "../../ui/failureToast";
import { InputField } from "../../ui/form";
import { IconCircle } from "../../ui/Showcase";
import { useFormDraft } from "../../ui/useFormDraft";
import { DealershipFields, EMPTY_DEALERSHIP } from "./DealershipFields";

const EMPTY = { ...EMPTY_DEALERSHIP, applicantName: "", applicantEmail: "" };

export function ApplicationForm() {
  const form = useFormDraft(EMPTY);
  const { bind } = form;
  const file = trpc.onboarding.file.useMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file.isPending) return;
    const application = form.check(dealershipApplicationInput);
    if (!application) return;
    file.mutate(application, {
      onError: (error) => {
        if (form.showServerErrors(error)) return;
        showFailure("Application not sent", error, "We could not send your application. Please try again.");
      },
    });
  };

  if (file.isSuccess && file.variables) {
    return (
      <Card.Root borderRadius="2xl" borderColor="border.muted" boxShadow="sm" bg="bg">
        <Card.Body p={{ base: "6", md: "10" }} alignItems="center" textAlign="center" gap="5" role="status">
          <IconCircle icon={LuMailCheck} bg="green.50" color="green.600" />
          <Heading as="h2" size="xl" color="ink">
            Check your e-mail
          </Heading>
          <Text color="fg.muted" maxW="md">
            We sent a confirmation link to{" "}
            <Text as="strong" color="fg" overflowWrap="anywhere">
              {file.variables.applicantEmail}
            </Text>
            . Open it within {APPLICATION_CONFIRM_HOURS} hours; then an administrator reviews your application
            and e-mails you the decision.
          </Text>
          <Button
            variant="outline"
            onClick={() => {
              file.reset();
              form.reset();
            }}
          >
            List another dealership
          </Button>
        </Card.Body>
      </Card.Root>
    );
  }

  return (
    <Card.Root borderRadius="2xl" borderColor="border.muted" boxShadow="sm" bg="bg">
      <Card.Body p={{ base: "5", md: "8" }} gap="6">
        <Stack gap="1">
          <Heading as="h2" id="application-form-title" size="lg" color="ink">
            Your dealership
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            Fields marked with an asterisk are required.
          </Text>
        </Stack>
        <form ref={form.formRef} onSubmit={submit} noValidate aria-labelledby="application-form-title">
          <Stack gap="6">
            <DealershipFields bind={bind} />
            <Stack gap="4" as="fieldset">
              <Heading as="legend" size="md" color="ink" mb="4">
                About you
              </Heading>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
                <InputField
                  label="Your name"
                  required
                  autoComplete="name"
                  maxLength={120}
                  {...bind("applicantName")}
                />
                <InputField
                  label="Work e-mail"
                  required
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  maxLength={254}
                  hint="We send the confirmation link here; once approved, you are invited as the dealership's manager."
                  {...bind("applicantEmail")}
                />
              </SimpleGrid>
            </Stack>
            <Button
              type="submit"
              colorPalette="blue"
              size="lg"
              loading={file.isPending}
              loadingText="Sending…"
              alignSelf={{ base: "stretch", md: "flex-start" }}
            >
              Send application
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
