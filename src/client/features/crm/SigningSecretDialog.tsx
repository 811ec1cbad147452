// Shown once, right after an integration is created: the secret that signs its webhook deliveries, and how a
// receiver checks a delivery with it. The server keeps it sealed and never answers it again.
import { Alert, Box, Button, Code, Dialog, HStack, List, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { LuCheck, LuCopy } from "react-icons/lu";
import { CRM_DELIVERY_HEADER, CRM_EVENT_HEADER, CRM_SIGNATURE_HEADER } from "../../../shared/crm";
import type { CreatedIntegration } from "../../../shared/schemas/crm";
import { DialogActions, DialogFrame, DialogHeading } from "../../ui/dialog";
import { showToast } from "../../ui/toaster";

const VERIFY_SNIPPET = `const { createHmac, timingSafeEqual } = require("node:crypto");
function verify(secret, signatureHeader, rawBody) {
  const { t, v1 = "" } = Object.fromEntries(signatureHeader.split(",").map((p) => p.split("=")));
  const expected = createHmac("sha256", secret).update(\`\${t}.\${rawBody}\`).digest("hex");
  return v1.length === expected.length && timingSafeEqual(Buffer.from(v1), Buffer.from(expected));
}`;

function CopyButton({ text, label }: { text: string; label: string }) {
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
      {copied ? <LuCheck /> : <LuCopy />} {copied ? "Copied" : label}
    </Button>
  );
}

export function SigningSecretDialog({
  created,
  onClose,
}: {
  created: CreatedIntegration | null;
  onClose: () => void;
}) {
  return (
    <DialogFrame open={created !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {created ? (
        <>
          <DialogHeading
            title="Integration created"
            subtitle={`${created.integrationName} is ready. Save its signing secret now: it is shown only this once.`}
          />
          <Dialog.Body>
            <Stack gap="5">
              <Stack gap="3" p="4" borderRadius="xl" bg="blue.50" borderWidth="1px" borderColor="blue.200">
                <Text fontSize="xs" fontWeight="semibold" color="blue.800" textTransform="uppercase">
                  Signing secret
                </Text>
                <Text
                  fontFamily="mono"
                  fontSize="sm"
                  color="ink"
                  overflowWrap="anywhere"
                  data-testid="signing-secret"
                >
                  {created.signingSecret}
                </Text>
                <HStack>
                  <CopyButton text={created.signingSecret} label="Copy secret" />
                </HStack>
              </Stack>
              {created.webhookUrl ? null : (
                <Alert.Root status="info" borderRadius="lg">
                  <Alert.Indicator />
                  <Alert.Description>
                    This integration has no webhook URL, so no events are delivered yet. Add one with Edit
                    when your CRM is ready to receive them.
                  </Alert.Description>
                </Alert.Root>
              )}
              <Stack gap="2">
                <Text as="h3" fontWeight="semibold" color="ink">
                  Verifying a delivery
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  Each event arrives as a JSON POST with these headers:
                </Text>
                <List.Root fontSize="sm" gap="1.5" ps="5">
                  <List.Item>
                    <Code>{CRM_SIGNATURE_HEADER}: t=&lt;unix seconds&gt;,v1=&lt;hex&gt;</Code>, where v1 is
                    HMAC-SHA256 of <Code>{"<t>.<raw body>"}</Code> keyed with the secret. Compare it in
                    constant time and reject old timestamps (say, over five minutes).
                  </List.Item>
                  <List.Item>
                    <Code>{CRM_EVENT_HEADER}</Code>: the event, e.g. <Code>appointment.created</Code>.
                  </List.Item>
                  <List.Item>
                    <Code>{CRM_DELIVERY_HEADER}</Code>: the same id on every retry of one event. De-duplicate
                    on it.
                  </List.Item>
                </List.Root>
              </Stack>
              <Stack gap="2">
                <HStack justify="space-between" gap="3" wrap="wrap">
                  <Text as="h3" fontWeight="semibold" color="ink">
                    Node.js example
                  </Text>
                  <CopyButton text={VERIFY_SNIPPET} label="Copy example" />
                </HStack>
                <Box
                  as="pre"
                  fontFamily="mono"
                  fontSize="xs"
                  bg="gray.900"
                  color="gray.100"
                  p="4"
                  borderRadius="lg"
                  overflowX="auto"
                  aria-label="Node.js verification example"
                  tabIndex={0}
                >
                  <code>{VERIFY_SNIPPET}</code>
                </Box>
              </Stack>
            </Stack>
          </Dialog.Body>
          <DialogActions>
            <Button colorPalette="blue" onClick={onClose}>
              I've saved the secret
            </Button>
          </DialogActions>
        </>
      ) : null}
    </DialogFrame>
  );
}
