import { Alert, Badge, Box, Button, Flex, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, type ReactNode, useState } from "react";
import { LuDownload, LuSend } from "react-icons/lu";
import {
  GDPR_REQUEST_TYPE_LABELS,
  GDPR_REQUEST_TYPES,
  type GdprRequestStatus,
  type GdprRequestType,
} from "../../../shared/compliance";
import { createGdprRequestInput, type GdprRequestView } from "../../../shared/schemas/compliance";
import { apiErrorMessage, trpc } from "../../trpc";
import { DecisionCard } from "../../ui/DecisionCard";
import { downloadOrSay } from "../../ui/download";
import { Fact } from "../../ui/Fact";
// The pieces every list of data requests shares: the filing form, a request's state, its export downloads,
// and one request as a card (with what an administrator may do next, when one is looking).
import { FailureAlert } from "../../ui/FailureAlert";
import { SelectField, TextareaField } from "../../ui/form";
import { showToast } from "../../ui/toaster";
import { useFormDraft } from "../../ui/useFormDraft";
import { downloadRequestExport, type ExportFormat } from "./download";
import { formatDay, REQUEST_TYPE_EFFECTS, requestTypeName, STATUS_LABELS, STATUS_PALETTES } from "./labels";

export const CREATE_FAILED = "Failed to create GDPR request. Please try again.";
const DESCRIPTION_MAX = 2000;

export function RequestStatusBadge({ status, overdue }: { status: GdprRequestStatus; overdue?: boolean }) {
  return (
    <HStack gap="1.5" wrap="wrap">
      <Badge colorPalette={STATUS_PALETTES[status]} variant="subtle" borderRadius="full" px="2.5">
        {STATUS_LABELS[status]}
      </Badge>
      {overdue ? (
        <Badge colorPalette="red" variant="solid" borderRadius="full" px="2.5">
          Overdue
        </Badge>
      ) : null}
    </HStack>
  );
}

/** "Download export (JSON)" and "(ZIP of CSV)" for a completed access or portability request. */
export function ExportButtons({ request, size = "sm" }: { request: GdprRequestView; size?: "xs" | "sm" }) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  if (!request.exportAvailable) return null;
  const get = async (format: ExportFormat) => {
    setBusy(format);
    await downloadOrSay("Download failed", () => downloadRequestExport(request.id, format));
    setBusy(null);
  };
  return (
    <Flex gap="2" wrap="wrap">
      <Button
        size={size}
        variant="outline"
        colorPalette="blue"
        loading={busy === "json"}
        loadingText="Preparing…"
        disabled={busy !== null}
        onClick={() => void get("json")}
      >
        <LuDownload /> Download export (JSON)
      </Button>
      <Button
        size={size}
        variant="outline"
        loading={busy === "zip"}
        loadingText="Preparing…"
        disabled={busy !== null}
        onClick={() => void get("zip")}
      >
        <LuDownload /> Download export (ZIP of CSV)
      </Button>
    </Flex>
  );
}

type RequestDraft = { requestType: string; description: string };

/** File a request about one's own data: the kind, and what it is about. `compact` for cards elsewhere. */
export function NewRequestForm({ compact = false, onFiled }: { compact?: boolean; onFiled?: () => void }) {
  const form = useFormDraft<RequestDraft>({ requestType: "", description: "" });
  const [failure, setFailure] = useState<string | null>(null);
  const create = trpc.compliance.createRequest.useMutation();
  const type = form.draft.requestType as GdprRequestType | "";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const description = form.draft.description.trim();
    const input = form.check(
      createGdprRequestInput,
      {
        requestType: form.draft.requestType || undefined,
        requestDetails: description ? { description } : undefined,
      },
      (found) => ({ requestType: found.requestType, description: found.requestDetails }),
    );
    if (!input) return;
    create.mutate(input, {
      onSuccess: async (created) => {
        form.reset();
        showToast({
          title: "Request filed",
          description: `${requestTypeName(created.requestType)} request filed. We'll answer by ${formatDay(created.dueAt)}.`,
          variant: "success",
        });
        onFiled?.();
      },
      onError: (error) => setFailure(apiErrorMessage(error, CREATE_FAILED)),
    });
  };

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate aria-label="New data request">
      <Stack gap="4">
        <FailureAlert message={failure} size="sm" />
        <SelectField
          label="Request type"
          required
          placeholder="Choose what you'd like us to do"
          options={GDPR_REQUEST_TYPES.map((t) => ({ value: t, label: GDPR_REQUEST_TYPE_LABELS[t] }))}
          hint={type ? REQUEST_TYPE_EFFECTS[type] : undefined}
          size={compact ? "sm" : undefined}
          {...form.bind("requestType")}
        />
        {type === "erasure" ? (
          <Alert.Root status="warning" borderRadius="lg" size="sm">
            <Alert.Indicator />
            <Alert.Description>
              Once completed, erasure can't be undone: you will lose access to your account and its history.
            </Alert.Description>
          </Alert.Root>
        ) : null}
        <TextareaField
          label="Description"
          note="optional"
          rows={compact ? 2 : 4}
          maxLength={DESCRIPTION_MAX}
          placeholder={
            type === "rectification"
              ? "What is wrong, and what should it say?"
              : "Anything that helps us handle your request"
          }
          hint={compact ? undefined : `${form.draft.description.length} / ${DESCRIPTION_MAX}`}
          hintAtEnd
          size={compact ? "sm" : undefined}
          {...form.bind("description")}
        />
        <Box>
          <Button
            type="submit"
            colorPalette="blue"
            size={compact ? "sm" : "md"}
            loading={create.isPending}
            loadingText="Filing…"
          >
            <LuSend /> File request
          </Button>
        </Box>
      </Stack>
    </form>
  );
}

/** One request: what, whose (for administrators), its dates, the answer, and the export once it's ready. */
export function RequestCard({
  request,
  showRequester = false,
  actions,
}: {
  request: GdprRequestView;
  showRequester?: boolean;
  actions?: ReactNode;
}) {
  const open = request.status === "pending" || request.status === "processing";
  const title = `${requestTypeName(request.requestType)} request #${request.id}`;
  return (
    <DecisionCard
      as="article"
      label={title}
      alert={request.overdue}
      title={title}
      meta={
        showRequester ? `${request.userName ? `${request.userName} · ` : ""}${request.userEmail}` : undefined
      }
      aside={<RequestStatusBadge status={request.status} overdue={request.overdue} />}
      extra={
        <>
          <ExportButtons request={request} />
          {actions}
        </>
      }
    >
      {request.description ? (
        <Text fontSize="sm" color="fg" whiteSpace="pre-line" overflowWrap="anywhere">
          {request.description}
        </Text>
      ) : null}
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        <Fact label="Filed">{formatDay(request.createdAt)}</Fact>
        {open ? (
          <Fact label="Answer due by">{formatDay(request.dueAt)}</Fact>
        ) : (
          <Fact label="Answered">{request.completedAt ? formatDay(request.completedAt) : "—"}</Fact>
        )}
        {request.processingAt ? (
          <Fact label="Processing since">{formatDay(request.processingAt)}</Fact>
        ) : null}
        {showRequester && request.handledByEmail ? (
          <Fact label="Handled by">{request.handledByEmail}</Fact>
        ) : null}
      </SimpleGrid>
      {request.responseNote ? (
        <Box bg="bg.muted" borderRadius="lg" px="3" py="2">
          <Text fontSize="xs" color="fg.muted">
            {request.status === "rejected" ? "Why it was rejected" : "Note from KnowBefore"}
          </Text>
          <Text fontSize="sm" whiteSpace="pre-line" overflowWrap="anywhere">
            {request.responseNote}
          </Text>
        </Box>
      ) : null}
    </DecisionCard>
  );
}
