import {
  Alert,
  Box,
  Button,
  Dialog,
  Field,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Switch,
  Text,
  Textarea,
} from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useId, useState } from "react";
import { LuCheck, LuCopy, LuEyeOff, LuShieldCheck, LuUserRound } from "react-icons/lu";
import { MISCONDUCT_CATEGORIES } from "../../../shared/reviews";
import { misconductReportInput } from "../../../shared/schemas/reports";
import { todayIn } from "../../../shared/time";
import { apiErrorMessage, trpc } from "../../trpc";
import { showToast } from "../../ui/toaster";
import { useSession } from "../auth/session";
import { FormDialog, FormDialogActions, FormDialogHeading } from "../reviews/FormDialog";
import type { SalespersonRef } from "../reviews/types";

const FORM_ID = "report-misconduct-form";
const MIN_DESCRIPTION = 20;
const LOCAL_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

type Draft = { category: string; description: string; incidentDate: string; anonymous: boolean };
type FieldErrors = Partial<Record<"category" | "description" | "incidentDate", string>>;

/** The tracking code, big and copyable: it is the reporter's only way back to an anonymous report. */
export function TrackingCodeCard({ code }: { code: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2500);
    } catch {
      showToast({ title: "Couldn't copy", description: "Select the code and copy it by hand." });
    }
  };
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
      <FormDialogHeading title="Report received" subtitle="The dealership's manager will review it." />
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
      <FormDialogActions>
        <Button asChild variant="outline">
          <Link to="/report-status" search={{ code }}>
            Check report status
          </Link>
        </Button>
        <Button colorPalette="blue" onClick={onClose}>
          Done
        </Button>
      </FormDialogActions>
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
  const [draft, setDraft] = useState<Draft>({
    category: "",
    description: "",
    incidentDate: "",
    anonymous: true,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const ids = { category: useId(), description: useId(), date: useId() };
  const today = todayIn(LOCAL_ZONE);
  const create = trpc.reports.create.useMutation({
    onSuccess: (result) => onSubmitted({ trackingCode: result.trackingCode, anonymous: result.anonymous }),
    onError: (error) =>
      showToast({
        title: "Report not sent",
        description: apiErrorMessage(error, "Something went wrong. Please try again."),
        variant: "destructive",
      }),
  });
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (key in errors) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = misconductReportInput.safeParse({
      salespersonId: salesperson.id,
      category: draft.category || undefined,
      description: draft.description,
      incidentDate: draft.incidentDate,
      anonymous: user ? draft.anonymous : true,
    });
    const next: FieldErrors = {};
    if (!parsed.success) {
      const flat = parsed.error.flatten().fieldErrors as Record<string, string[] | undefined>;
      next.category = flat.category?.[0] && "Choose a category";
      next.description = flat.description?.[0];
      next.incidentDate = flat.incidentDate?.[0];
    }
    if (draft.incidentDate && draft.incidentDate > today)
      next.incidentDate = "The date can't be in the future.";
    if (Object.values(next).some(Boolean) || !parsed.success) {
      setErrors(next);
      return;
    }
    create.mutate(parsed.data);
  };

  const length = draft.description.trim().length;

  return (
    <>
      <FormDialogHeading
        title="Report misconduct"
        subtitle={`About ${salesperson.name}. Reports go to the dealership's manager, who investigates.`}
      />
      <Dialog.Body>
        <form
          id={FORM_ID}
          onSubmit={submit}
          noValidate
          aria-label={`Report misconduct by ${salesperson.name}`}
        >
          <Stack gap="5">
            <Field.Root required invalid={!!errors.category}>
              <Field.Label htmlFor={ids.category}>
                What happened? <Field.RequiredIndicator />
              </Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  id={ids.category}
                  value={draft.category}
                  onChange={(e) => set("category", e.currentTarget.value)}
                >
                  <option value="" disabled>
                    Select a category
                  </option>
                  {MISCONDUCT_CATEGORIES.map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {errors.category ? <Field.ErrorText>{errors.category}</Field.ErrorText> : null}
            </Field.Root>

            <Field.Root required invalid={!!errors.description}>
              <Field.Label htmlFor={ids.description}>
                Description <Field.RequiredIndicator />
              </Field.Label>
              <Textarea
                id={ids.description}
                rows={5}
                maxLength={5000}
                placeholder="Describe what was said or done, and when. Leave out details that identify you if you want to stay anonymous."
                value={draft.description}
                onChange={(e) => set("description", e.currentTarget.value)}
              />
              {errors.description ? (
                <Field.ErrorText>{errors.description}</Field.ErrorText>
              ) : (
                <Field.HelperText>
                  {length < MIN_DESCRIPTION
                    ? `At least ${MIN_DESCRIPTION} characters (${MIN_DESCRIPTION - length} to go).`
                    : `${length} characters.`}
                </Field.HelperText>
              )}
            </Field.Root>

            <Field.Root invalid={!!errors.incidentDate} maxW={{ sm: "xs" }}>
              <Field.Label htmlFor={ids.date}>
                Date of the incident{" "}
                <Text as="span" color="fg.muted" fontWeight="normal">
                  (optional)
                </Text>
              </Field.Label>
              <Input
                id={ids.date}
                type="date"
                max={today}
                value={draft.incidentDate}
                onChange={(e) => set("incidentDate", e.currentTarget.value)}
              />
              {errors.incidentDate ? <Field.ErrorText>{errors.incidentDate}</Field.ErrorText> : null}
            </Field.Root>

            {user ? (
              <Box p="4" borderRadius="lg" borderWidth="1px" borderColor="border.muted" bg="gray.50">
                <Switch.Root
                  checked={draft.anonymous}
                  onCheckedChange={(e) => set("anonymous", e.checked)}
                  colorPalette="blue"
                >
                  <Switch.HiddenInput />
                  <Switch.Control>
                    <Switch.Thumb />
                  </Switch.Control>
                  <Switch.Label fontWeight="semibold">Report anonymously</Switch.Label>
                </Switch.Root>
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
        </form>
      </Dialog.Body>
      <FormDialogActions>
        <Button variant="ghost" onClick={onClose} disabled={create.isPending}>
          Cancel
        </Button>
        <Button
          type="submit"
          form={FORM_ID}
          colorPalette="red"
          loading={create.isPending}
          loadingText="Sending..."
        >
          Send report
        </Button>
      </FormDialogActions>
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
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  salesperson: SalespersonRef;
}) {
  const [submitted, setSubmitted] = useState<{ trackingCode: string; anonymous: boolean } | null>(null);
  const change = (next: boolean) => {
    onOpenChange(next);
    if (!next) setSubmitted(null);
  };
  return (
    <FormDialog open={open} onOpenChange={change} size="md">
      {submitted ? (
        <ReportSubmitted
          code={submitted.trackingCode}
          anonymous={submitted.anonymous}
          onClose={() => change(false)}
        />
      ) : (
        <ReportForm salesperson={salesperson} onClose={() => change(false)} onSubmitted={setSubmitted} />
      )}
    </FormDialog>
  );
}
