// Shown once, right after a key is created: the whole key, a copy button, and a first request to try with it.
// The server keeps only the key's hash; closing this forgets the key here too.
import { Alert, Box, Button, Dialog, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { LuCheck, LuCopy, LuExternalLink } from "react-icons/lu";
import type { CreatedApiKey } from "../../../shared/schemas/apiKeys";
import { DialogActions, DialogFrame, DialogHeading } from "../../ui/dialog";
import { showToast } from "../../ui/toaster";
import { API_DOCS_URL, exampleCurl, scopeLabel } from "./apiKeyLabels";

function CopyButton({ text, label, copiedLabel }: { text: string; label: string; copiedLabel: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2500);
    } catch {
      showToast({ title: "Couldn't copy", description: "Select the text and copy it by hand." });
    }
  };
  return (
    <Button size="sm" variant="outline" bg="bg.panel" onClick={() => void copy()} aria-live="polite">
      {copied ? <LuCheck /> : <LuCopy />} {copied ? copiedLabel : label}
    </Button>
  );
}

export function CreatedKeyDialog({
  created,
  onClose,
}: {
  created: CreatedApiKey | null;
  onClose: () => void;
}) {
  const example = created ? exampleCurl(created.key, window.location.origin, created.scopes) : "";
  return (
    <DialogFrame open={created !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {created ? (
        <>
          <DialogHeading
            title="API key created"
            subtitle={`${created.name} can use: ${created.scopes.map(scopeLabel).join(", ")}.`}
          />
          <Dialog.Body>
            <Stack gap="5">
              <Alert.Root status="warning" borderRadius="lg">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>Copy this key now: it will not be shown again</Alert.Title>
                  <Alert.Description>
                    KnowBefore keeps only a fingerprint of it. If you lose it, revoke it and create another.
                  </Alert.Description>
                </Alert.Content>
              </Alert.Root>
              <Stack gap="3" p="4" borderRadius="xl" bg="blue.50" borderWidth="1px" borderColor="blue.200">
                <Text fontSize="xs" fontWeight="semibold" color="blue.800" textTransform="uppercase">
                  API key
                </Text>
                <Text
                  fontFamily="mono"
                  fontSize="sm"
                  color="ink"
                  overflowWrap="anywhere"
                  data-testid="created-api-key"
                >
                  {created.key}
                </Text>
                <HStack>
                  <CopyButton text={created.key} label="Copy key" copiedLabel="Key copied" />
                </HStack>
              </Stack>
              <Stack gap="2">
                <HStack justify="space-between" gap="3" wrap="wrap">
                  <Text as="h3" fontWeight="semibold" color="ink">
                    Try it
                  </Text>
                  <CopyButton text={example} label="Copy command" copiedLabel="Command copied" />
                </HStack>
                <Text fontSize="sm" color="fg.muted">
                  Send the key as a bearer token to the REST routes its scopes name.
                </Text>
                <Box
                  as="pre"
                  fontFamily="mono"
                  fontSize="xs"
                  bg="gray.900"
                  color="gray.100"
                  p="4"
                  borderRadius="lg"
                  whiteSpace="pre-wrap"
                  overflowWrap="anywhere"
                  aria-label="Example request"
                  data-testid="api-key-example"
                >
                  <code>{example}</code>
                </Box>
                <Text fontSize="sm" color="fg.muted">
                  Every route, its scope and its answers are in the{" "}
                  <Link
                    href={API_DOCS_URL}
                    target="_blank"
                    rel="noopener"
                    color="blue.700"
                    fontWeight="medium"
                  >
                    API reference <LuExternalLink aria-hidden />
                    <Text as="span" srOnly>
                      (opens in a new tab)
                    </Text>
                  </Link>
                  .
                </Text>
              </Stack>
            </Stack>
          </Dialog.Body>
          <DialogActions>
            <Button colorPalette="blue" onClick={onClose}>
              I've saved the key
            </Button>
          </DialogActions>
        </>
      ) : null}
    </DialogFrame>
  );
}
