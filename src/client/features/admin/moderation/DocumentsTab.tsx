// The six public documents (legal pages, FAQs, about us): pick one, edit its Markdown, preview it as the
// public page renders it, and save. Each save is one audit row with the text before and after.

import {
  Box,
  Button,
  chakra,
  Flex,
  HStack,
  NativeSelect,
  Skeleton,
  SkeletonText,
  Stack,
  Tabs,
  Text,
  Textarea,
} from "@chakra-ui/react";
import { lazy, Suspense, useEffect, useId, useState } from "react";
import { LuEye, LuPencil, LuSave, LuUndo2 } from "react-icons/lu";
import {
  DOCUMENT_MAX_CHARS,
  DOCUMENT_SLUGS,
  DOCUMENTS,
  type DocumentSlug,
} from "../../../../shared/schemas/documents";
import { READ_AFRESH } from "../../../freshness";
import { trpc } from "../../../trpc";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { showFailure } from "../../../ui/failureToast";
import { InputField } from "../../../ui/form";
import { PanelHeader } from "../../../ui/PanelHeader";
import { LoadError } from "../../../ui/QueryState";
import { SectionCard } from "../../../ui/SectionCard";
import { showToast } from "../../../ui/toaster";

// The Markdown renderer (react-markdown) loads only when a preview is shown.
const Markdown = lazy(() => import("../../documents").then((m) => ({ default: m.Markdown })));

const updatedAt = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

function DocumentEditor({
  slug,
  onDirtyChange,
}: {
  slug: DocumentSlug;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const utils = trpc.useUtils();
  const doc = trpc.documents.get.useQuery({ slug }, READ_AFRESH);
  const save = trpc.documents.update.useMutation();
  const [title, setTitle] = useState("");
  const [content, setContent] = useState("");
  const [view, setView] = useState("write");
  const editorId = useId();

  useEffect(() => {
    if (doc.data) {
      setTitle(doc.data.title);
      setContent(doc.data.content);
    }
  }, [doc.data]);

  const dirty = !!doc.data && (title.trim() !== doc.data.title || content !== doc.data.content);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const empty = content.trim() === "";

  const submit = async () => {
    if (!doc.data || !dirty || empty) return;
    try {
      const saved = await save.mutateAsync({
        slug,
        content,
        title: title.trim() && title.trim() !== doc.data.title ? title.trim() : undefined,
      });
      utils.documents.get.setData({ slug }, saved);
      showToast({
        title: "Document saved",
        description: `${saved.title} is live on the site.`,
        variant: "success",
      });
    } catch (error) {
      showFailure("Couldn't save the document", error);
    }
  };

  if (doc.isPending)
    return (
      <Stack gap="4" role="status" aria-busy="true" aria-label="Loading the document">
        <Skeleton h="10" />
        <Skeleton h="96" />
      </Stack>
    );
  if (doc.isError)
    return (
      <LoadError
        title={`Failed to load ${DOCUMENTS[slug]}`}
        titleAs="h3"
        onRetry={() => void doc.refetch()}
      />
    );

  return (
    <Stack gap="4">
      <InputField
        label="Title"
        required
        maxLength={120}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
      />
      <Tabs.Root value={view} onValueChange={(e) => setView(e.value)} variant="enclosed" size="sm">
        <Tabs.List>
          <Tabs.Trigger value="write">
            <LuPencil aria-hidden /> Write
          </Tabs.Trigger>
          <Tabs.Trigger value="preview">
            <LuEye aria-hidden /> Preview
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="write">
          <Stack gap="1.5">
            <chakra.label htmlFor={editorId} fontSize="sm" fontWeight="medium">
              Content (Markdown)
            </chakra.label>
            <Textarea
              id={editorId}
              value={content}
              onChange={(e) => setContent(e.target.value)}
              rows={22}
              maxLength={DOCUMENT_MAX_CHARS}
              fontFamily="mono"
              fontSize="sm"
              bg="white"
              aria-invalid={empty || undefined}
              spellCheck
            />
            <Flex justify="space-between" fontSize="xs" color="fg.muted" gap="2" wrap="wrap">
              <Text color={empty ? "fg.error" : undefined}>
                {empty
                  ? "Content cannot be empty"
                  : "Use ## for sections. Raw HTML is not shown on the site."}
              </Text>
              <Text>
                {content.length.toLocaleString("en-US")} / {DOCUMENT_MAX_CHARS.toLocaleString("en-US")}{" "}
                characters
              </Text>
            </Flex>
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="preview">
          <Box
            as="article"
            aria-label={`Preview of ${title || DOCUMENTS[slug]}`}
            borderWidth="1px"
            borderColor="border.muted"
            borderRadius="lg"
            bg="white"
            p={{ base: "4", md: "8" }}
            maxH="70vh"
            overflowY="auto"
          >
            <Suspense fallback={<SkeletonText noOfLines={8} />}>
              <Markdown>{content}</Markdown>
            </Suspense>
          </Box>
        </Tabs.Content>
      </Tabs.Root>
      <Flex
        justify="space-between"
        align={{ base: "stretch", sm: "center" }}
        direction={{ base: "column", sm: "row" }}
        gap="3"
      >
        <Text fontSize="sm" color="fg.muted">
          Last updated {updatedAt.format(new Date(doc.data.lastUpdated))}
        </Text>
        <HStack gap="2" justify="flex-end">
          <Button
            variant="ghost"
            size="sm"
            disabled={!dirty || save.isPending}
            onClick={() => {
              setTitle(doc.data.title);
              setContent(doc.data.content);
            }}
          >
            <LuUndo2 /> Discard changes
          </Button>
          <Button
            colorPalette="blue"
            size="sm"
            disabled={!dirty || empty}
            loading={save.isPending}
            loadingText="Saving..."
            onClick={() => void submit()}
          >
            <LuSave /> Save document
          </Button>
        </HStack>
      </Flex>
    </Stack>
  );
}

/** Admin console tab: edit the public documents. */
export function DocumentsTab() {
  const [slug, setSlug] = useState<DocumentSlug>("privacy-policy");
  const [dirty, setDirty] = useState(false);
  const [pending, setPending] = useState<DocumentSlug | null>(null);
  const list = trpc.documents.list.useQuery();
  const info = list.data?.find((d) => d.slug === slug);
  const pickerId = useId();

  const choose = (next: DocumentSlug) => {
    if (next === slug) return;
    if (dirty) setPending(next);
    else setSlug(next);
  };

  return (
    <Stack gap="5">
      <PanelHeader
        title="Documents"
        description="The privacy policy, terms, FAQs and about page the public site shows. Changes go live as soon as you save."
      >
        <Stack gap="1" minW={{ md: "64" }}>
          <chakra.label htmlFor={pickerId} fontSize="sm" fontWeight="medium">
            Document
          </chakra.label>
          <NativeSelect.Root bg="white">
            <NativeSelect.Field
              id={pickerId}
              value={slug}
              onChange={(e) => choose(e.currentTarget.value as DocumentSlug)}
            >
              {DOCUMENT_SLUGS.map((value) => (
                <option key={value} value={value}>
                  {DOCUMENTS[value]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Stack>
      </PanelHeader>
      <SectionCard
        title={DOCUMENTS[slug]}
        description={
          info
            ? `${info.characters.toLocaleString("en-US")} characters · ${info.updatedBy ? `last edited by ${info.updatedBy}` : "original text"}`
            : undefined
        }
      >
        <DocumentEditor key={slug} slug={slug} onDirtyChange={setDirty} />
      </SectionCard>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title="Discard your changes?"
        description={`You have unsaved changes to ${DOCUMENTS[slug]}. Switching to ${pending ? DOCUMENTS[pending] : "another document"} discards them.`}
        confirmLabel="Discard and switch"
        pendingLabel="Switching..."
        palette="orange"
        isPending={false}
        onConfirm={() => {
          if (pending) setSlug(pending);
          setDirty(false);
          setPending(null);
        }}
      />
    </Stack>
  );
}
