// An audit row's before and after, field by field; long text (a document) as a folded line diff.
import { Badge, Box, Code, Stack, Text, VisuallyHidden } from "@chakra-ui/react";
import { auditChanges, foldContext, showValue } from "./auditDiff";

const LINE_STYLE = {
  added: { bg: "green.50", color: "green.800", mark: "+" },
  removed: { bg: "red.50", color: "red.800", mark: "−" },
  same: { bg: undefined, color: "fg.muted", mark: " " },
} as const;

/** One side of a changed field: "Before:" in red or "After:" in green. */
function Value({ label, palette, value }: { label: string; palette: "red" | "green"; value: unknown }) {
  return (
    <Text>
      <Text as="span" color="fg.muted">
        {label}:{" "}
      </Text>
      <Code colorPalette={palette} wordBreak="break-word" whiteSpace="pre-wrap">
        {showValue(value)}
      </Code>
    </Text>
  );
}

export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const changes = auditChanges(before, after);
  if (changes.length === 0)
    return (
      <Text fontSize="sm" color="fg.muted">
        No before or after recorded for this change.
      </Text>
    );
  return (
    <Stack as="dl" gap="3">
      {changes.map((change) => (
        <Stack key={change.field} gap="1">
          <Text as="dt" fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase">
            {change.field}{" "}
            {change.kind === "same" ? null : (
              <Badge
                size="xs"
                variant="subtle"
                colorPalette={
                  change.kind === "added" ? "green" : change.kind === "removed" ? "red" : "orange"
                }
              >
                {change.kind}
              </Badge>
            )}
          </Text>
          <Box as="dd" ms="0">
            {change.kind === "same" ? (
              <Text fontSize="sm" color="fg.muted" truncate>
                {showValue(change.after)} (unchanged)
              </Text>
            ) : change.kind === "changed" && change.lines ? (
              change.lines === "too-large" ? (
                <Text fontSize="sm" color="fg.muted">
                  The text changed; it is too long to compare here. Download the CSV to see both versions.
                </Text>
              ) : (
                <Box
                  as="pre"
                  role="group"
                  aria-label={`Line changes to ${change.field}`}
                  fontFamily="mono"
                  fontSize="xs"
                  borderWidth="1px"
                  borderColor="border.muted"
                  borderRadius="md"
                  maxH="80"
                  overflow="auto"
                  bg="white"
                >
                  {foldContext(change.lines).map((line, index) =>
                    line.kind === "fold" ? (
                      // biome-ignore lint/suspicious/noArrayIndexKey: diff lines have no identity and never reorder.
                      <Box key={index} px="2" py="0.5" bg="gray.50" color="fg.muted">
                        … {line.count} unchanged line{line.count === 1 ? "" : "s"}
                      </Box>
                    ) : (
                      <Box
                        // biome-ignore lint/suspicious/noArrayIndexKey: diff lines have no identity and never reorder.
                        key={index}
                        px="2"
                        bg={LINE_STYLE[line.kind].bg}
                        color={LINE_STYLE[line.kind].color}
                        whiteSpace="pre-wrap"
                        wordBreak="break-word"
                      >
                        <span aria-hidden>{LINE_STYLE[line.kind].mark}</span>
                        {line.kind === "same" ? null : <VisuallyHidden>{line.kind}:</VisuallyHidden>}{" "}
                        {line.text || " "}
                      </Box>
                    ),
                  )}
                </Box>
              )
            ) : (
              <Stack gap="1" fontSize="sm">
                {change.kind !== "added" ? (
                  <Value label="Before" palette="red" value={change.before} />
                ) : null}
                {change.kind !== "removed" ? (
                  <Value label="After" palette="green" value={change.after} />
                ) : null}
              </Stack>
            )}
          </Box>
        </Stack>
      ))}
    </Stack>
  );
}
