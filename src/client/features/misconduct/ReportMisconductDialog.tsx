import { Alert, Box, Button, Dialog, HStack, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { LuCheck, LuCopy, LuEyeOff, LuShieldCheck, LuUserRound } from "react-icons/lu";
import { MISCONDUCT_CATEGORIES } from "../../../shared/reviews";
import { misconductReportInput } from "../../../shared/schemas/misconduct";
import { todayIn } from "../../../shared/time";
import { trpc } from "../../trpc";
import { useCopy } from "../../ui/CopyButton";
import { DialogActions, type DialogControl, DialogForm, DialogFrame, DialogHeading } from "../../ui/dialog";
import { showFailure } from "../../ui/failureToast";
import { InputField, SelectField, SwitchField, TextareaField } from "../../ui/form";
import { useSession } from "../../ui/session";
import type { SalespersonRef } from "../../ui/types";
import { useFormDraft } from "../../ui/useFormDraft";

const MIN_DESCRIPTION = 20;
const LOCAL_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The tracking code, big and copyable: it is the reporter's only way back to an anonymous report. */
export function TrackingCodeCard({ code }: { code: string }) {
  const { copied, copy } = useCopy(code, "code");
  return (
    <Stack
      gap="3"
      p="5"
      borderRadius="xl"
      bg="blue.50"
      borderWidth="1px"
      borderColor="blue.200"
      align="center"
    >
      <Text
        fontSize="xs"
        fontWeight="semibold"
        color="blue.800"
        textTransform="uppercase"
        letterSpacing="0.08em"
      >
        Your tracking code
      </Text>
      <Text
        fontFamily="mono"
        fontSize={{ base: "xl", sm: "2xl" }}
        fontWeight="bold"
        color="ink"
        letterSpacing="0.06em"
        data-testid="tracking-code"
        textAlign="center"
        overflowWrap="anywhere"
      >
        {code}
      </Text>
      <Button size="sm" variant="outline" bg="bg.panel" onClick={() => void copy()} aria-live="polite">
        {copied ? <LuCheck /> : <LuCopy />} {copied ? "Copied" : "Copy code"}
      </Button>
    </Stack>
  );
}

function ReportSubmitted({
  code,
  anonymous,
  onClose,
}: {
  code: string;
  anonymous: boolean;
  onClose: () => void;
}) {
  return (
    <>
      <DialogHeading title="Report received" subtitle="The dealership's manager will review it." />
      <Dialog.Body>
        <Stack gap="4">
          <TrackingCodeCard code={code} />
          <Text fontSize="sm" color="fg.muted">
            Keep this code somewhere safe. It is the only way to follow your report
            {anonymous ? ", because nothing links it to you" : ""}. Anyone with the code can see the case
            status, but never who reported it.
          </Text>
        </Stack>
      </Dialog.Body>
      <DialogActions>
        <Button asChild variant="outline">
          <Link to="/report-status" search={{ code }}>
            Check report status
          </Link>
        </Button>
        <Button colorPalette="blue" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </>
  );
}

function ReportForm({
  salesperson,
  onClose,
  onSubmitted,
}: {
  salesperson: SalespersonRef;
  onClose: () => void;
  onSubmitted: (result: { trackingCode: string; anonymous: boolean }) => void;
}) {
  const { user } = useSession();
  const form = useFormDraft({ category: "", description: "", incidentDate: "", anonymous: true });
  const { draft, bind } = form;
  const today = todayIn(LOCAL_ZONE);
  const create = trpc.misconduct.create.useMutation({
    onSuccess: (result) => onSubmitted({ trackingCode: result.trackingCode, anonymous: result.anonymous }),
    onError: (error) => showFailure("Report not sent", error, "Something went wrong. Please try again."),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const report = form.check(
      misconductReportInput,
      {
        ...draft,
        salespersonId: salesperson.id,
        category: draft.category || undefined,
        anonymous: user ? draft.anonymous : true,
      },
      (found) =>
        draft.incidentDate && draft.incidentDate > today
          ? { ...found, incidentDate: "The date can't be in the future." }
          : found,
    );
    if (report) create.mutate(report);
  };

  const length = draft.description.trim().length;

  return (
    <>
      <DialogHeading
        title="Report misconduct"
        subtitle={`About ${salesperson.name}. Reports go to the dealership's manager, who investigates.`}
      />
      <DialogForm
        label={`Report misconduct by ${salesperson.name}`}
        onSubmit={submit}
        onCancel={onClose}
        submit={{
          confirmLabel: "Send report",
          pendingLabel: "Sending...",
          pending: create.isPending,
          palette: "red",
        }}
      >
        <Stack gap="5">
          <SelectField
            label="What happened?"
            required
            placeholder="Select a category"
            options={MISCONDUCT_CATEGORIES}
            {...bind("category")}
          />

          <TextareaField
            label="Description"
            required
            hint={
              length < MIN_DESCRIPTION
                ? `At least ${MIN_DESCRIPTION} characters (${MIN_DESCRIPTION - length} to go).`
                : `${length} characters.`
            }
            rows={5}
            maxLength={5000}
            placeholder="Describe what was said or done, and when. Leave out details that identify you if you want to stay anonymous."
            {...bind("description")}
          />

          <InputField
            label="Date of the incident"
            note="optional"
            root={{ maxW: { sm: "xs" } }}
            type="date"
            max={today}
            {...bind("incidentDate")}
          />

          {user ? (
            <Box p="4" borderRadius="lg" borderWidth="1px" borderColor="border.muted" bg="gray.50">
              <SwitchField
                label="Report anonymously"
                strong
                checked={draft.anonymous}
                onChange={(checked) => form.set("anonymous", checked)}
              />
              <HStack gap="2" mt="2" align="flex-start" fontSize="sm" color="fg.muted">
                <Box pt="0.5" flexShrink={0}>
                  {draft.anonymous ? <LuEyeOff aria-hidden /> : <LuUserRound aria-hidden />}
                </Box>
                <Text>
                  {draft.anonymous
                    ? "Nothing links this report to you: we don't store your account or your IP address with it. You follow it with a tracking code."
                    : "Your account is attached, so the dealership can follow up with you and you'll be notified when the status changes."}
                </Text>
              </HStack>
            </Box>
          ) : (
            <Alert.Root status="info" borderRadius="lg" variant="subtle">
              <Alert.Indicator>
                <LuShieldCheck />
              </Alert.Indicator>
              <Alert.Content>
                <Alert.Title>This report is anonymous</Alert.Title>
                <Alert.Description>
                  You don't need an account. Nothing links the report to you; you'll get a tracking code to
                  follow it.
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
        </Stack>
      </DialogForm>
    </>
  );
}

/**
 * 'Report misconduct': category, description and an optional date, open to everyone. Signed-in reporters
 * choose anonymity (on by default); the answer is a tracking code to follow the case without signing in.
 */
export function ReportMisconductDialog({
  open,
  onOpenChange,
  salesperson,
}: DialogControl & {
  salesperson: SalespersonRef;
}) {
  const [submitted, setSubmitted] = useState<{ trackingCode: string; anonymous: boolean } | null>(null);
  const change = (next: boolean) => {
    onOpenChange(next);
    if (!next) setSubmitted(null);
  };
  return (
    <DialogFrame open={open} onOpenChange={change} size="md">
      {submitted ? (
        <ReportSubmitted
          code={submitted.trackingCode}
          anonymous={submitted.anonymous}
          onClose={() => change(false)}
        />
      ) : (
        <ReportForm salesperson={salesperson} onClose={() => change(false)} onSubmitted={setSubmitted} />
      )}
    </DialogFrame>
  );
}
