// Shown once, right after a key is created: the whole key, a copy button, and a first request to try with it.
// The server keeps only the key's hash; closing this forgets the key here too.
import { Alert, Link, Text } from "@chakra-ui/react";
import { LuExternalLink } from "react-icons/lu";
import type { CreatedApiKey } from "../../../shared/schemas/apiKeys";
import { CodeSample, SecretOnceDialog } from "../../ui/SecretOnceDialog";
import { API_DOCS_URL, exampleCurl, scopeLabel } from "./apiKeyLabels";

export function CreatedKeyDialog({
  created,
  onClose,
}: {
  created: CreatedApiKey | null;
  onClose: () => void;
}) {
  return (
    <SecretOnceDialog
      open={created !== null}
      onClose={onClose}
      title="API key created"
      subtitle={created ? `${created.name} can use: ${created.scopes.map(scopeLabel).join(", ")}.` : ""}
      secret={created?.key ?? ""}
      secretLabel="API key"
      secretTestId="created-api-key"
      copyLabel="Copy key"
      copiedLabel="Key copied"
      doneLabel="I've saved the key"
      before={
        <Alert.Root status="warning" borderRadius="lg">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Copy this key now: it will not be shown again</Alert.Title>
            <Alert.Description>
              KnowBefore keeps only a fingerprint of it. If you lose it, revoke it and create another.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      }
    >
      {created ? (
        <CodeSample
          title="Try it"
          code={exampleCurl(created.key, window.location.origin, created.scopes)}
          label="Example request"
          copyLabel="Copy command"
          copiedLabel="Command copied"
          wrap
          testId="api-key-example"
          description={
            <Text fontSize="sm" color="fg.muted">
              Send the key as a bearer token to the REST routes its scopes name.
            </Text>
          }
        >
          <Text fontSize="sm" color="fg.muted">
            Every route, its scope and its answers are in the{" "}
            <Link href={API_DOCS_URL} target="_blank" rel="noopener" color="blue.700" fontWeight="medium">
              API reference <LuExternalLink aria-hidden />
              <Text as="span" srOnly>
                (opens in a new tab)
              </Text>
            </Link>
            .
          </Text>
        </CodeSample>
      ) : null}
    </SecretOnceDialog>
  );
}
