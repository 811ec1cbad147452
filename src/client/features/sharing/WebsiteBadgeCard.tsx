import { Box, Flex, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import {
  EMBED_SANDBOX,
  EMBED_SIZE,
  type EmbedKind,
  type EmbedTarget,
  embedPath,
  embedTitle,
  iframeSnippet,
  scriptSnippet,
} from "../../../shared/embed";
import { CopyButton } from "../../ui/CopyButton";
import { SelectField, TextareaField } from "../../ui/form";
import { SectionCard } from "../../ui/SectionCard";

type SnippetFormat = "iframe" | "script";

const KIND_OPTIONS: { value: EmbedKind; label: string }[] = [
  { value: "badge", label: "Badge: rating and review count" },
  { value: "widget", label: "Reviews widget: rating and latest reviews" },
];
const FORMAT_OPTIONS: { value: SnippetFormat; label: string }[] = [
  { value: "iframe", label: "Frame (iframe): works on any page" },
  { value: "script", label: "Script tag: for site builders that take scripts" },
];

/**
 * The snippet a webmaster pastes into the dealership's or salesperson's own website, with a live preview of what
 * it shows: the published rating and reviews, linked back to the public page, with no cookies and no tracking
 * (docs/product/public-site.md#badges-and-the-reviews-widget).
 */
export function WebsiteBadgeCard({ target }: { target: EmbedTarget }) {
  const [kind, setKind] = useState<EmbedKind>("badge");
  const [format, setFormat] = useState<SnippetFormat>("iframe");
  const origin = window.location.origin;
  const snippet =
    format === "iframe" ? iframeSnippet(origin, target, kind) : scriptSnippet(origin, target, kind);
  const size = EMBED_SIZE[kind];
  return (
    <SectionCard
      title="Website badge"
      description="Show your KnowBefore rating on your own website: paste the snippet where it should appear. It sets no cookies and tracks nobody."
    >
      <Flex gap="4" direction={{ base: "column", md: "row" }}>
        <SelectField
          label="Show"
          options={KIND_OPTIONS}
          value={kind}
          onChange={(e) => setKind(e.currentTarget.value as EmbedKind)}
        />
        <SelectField
          label="Paste as"
          options={FORMAT_OPTIONS}
          value={format}
          onChange={(e) => setFormat(e.currentTarget.value as SnippetFormat)}
        />
      </Flex>
      <Stack gap="2">
        <TextareaField
          label="Snippet"
          hint="Your website's editor may call this custom HTML or an embed block."
          value={snippet}
          readOnly
          rows={4}
          fontFamily="mono"
          fontSize="xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton text={snippet} label="Copy snippet" copiedLabel="Snippet copied" alignSelf="flex-start" />
      </Stack>
      <Stack gap="2">
        <Text fontSize="sm" fontWeight="medium">
          Preview
        </Text>
        <Box maxW="100%" overflow="hidden">
          <iframe
            key={kind}
            src={embedPath(target, kind)}
            title={`Preview: ${embedTitle(kind)}`}
            width={size.width}
            height={size.height}
            style={{ border: 0, maxWidth: "100%", display: "block" }}
            sandbox={EMBED_SANDBOX}
            data-testid="badge-preview"
          />
        </Box>
      </Stack>
    </SectionCard>
  );
}
