// Shown once, right after an integration is created or its secret rotated: the secret that signs its webhook
// deliveries (and that the CRM signs sale events with), and how a receiver checks a delivery with it. The server
// keeps it sealed and never answers it again.
import { Alert, Code, List, Stack, Text } from "@chakra-ui/react";
import { CRM_DELIVERY_HEADER, CRM_EVENT_HEADER, CRM_SIGNATURE_HEADER } from "../../../shared/crm";
import type { CreatedIntegration } from "../../../shared/schemas/crm";
import { CodeSample, SecretOnceDialog } from "../../ui/SecretOnceDialog";

const VERIFY_SNIPPET = `const { createHmac, timingSafeEqual } = require("node:crypto");
function verify(secret, signatureHeader, rawBody) {
  const { t, v1 = "" } = Object.fromEntries(signatureHeader.split(",").map((p) => p.split("=")));
  const expected = createHmac("sha256", secret).update(\`\${t}.\${rawBody}\`).digest("hex");
  return v1.length === expected.length && timingSafeEqual(Buffer.from(v1), Buffer.from(expected));
}`;

export function SigningSecretDialog({
  created,
  rotated = false,
  onClose,
}: {
  created: CreatedIntegration | null;
  /** A new secret of an existing integration rather than a new integration. */
  rotated?: boolean;
  onClose: () => void;
}) {
  return (
    <SecretOnceDialog
      open={created !== null}
      onClose={onClose}
      title={rotated ? "Signing secret rotated" : "Integration created"}
      subtitle={
        !created
          ? ""
          : rotated
            ? `${created.integrationName} has a new signing secret, shown only this once. The previous one no longer works: give this one to your CRM and to your webhook receiver.`
            : `${created.integrationName} is ready. Save its signing secret now: it is shown only this once.`
      }
      secret={created?.signingSecret ?? ""}
      secretLabel="Signing secret"
      secretTestId="signing-secret"
      copyLabel="Copy secret"
      doneLabel="I've saved the secret"
    >
      {rotated || created?.webhookUrl ? null : (
        <Alert.Root status="info" borderRadius="lg">
          <Alert.Indicator />
          <Alert.Description>
            This integration has no webhook URL, so no events are delivered yet. Add one with Edit when your
            CRM is ready to receive them.
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
            HMAC-SHA256 of <Code>{"<t>.<raw body>"}</Code> keyed with the secret. Compare it in constant time
            and reject old timestamps (say, over five minutes).
          </List.Item>
          <List.Item>
            <Code>{CRM_EVENT_HEADER}</Code>: the event, e.g. <Code>appointment.created</Code>.
          </List.Item>
          <List.Item>
            <Code>{CRM_DELIVERY_HEADER}</Code>: the same id on every retry of one event. De-duplicate on it.
          </List.Item>
        </List.Root>
      </Stack>
      <CodeSample
        title="Node.js example"
        code={VERIFY_SNIPPET}
        label="Node.js verification example"
        copyLabel="Copy example"
      />
    </SecretOnceDialog>
  );
}
