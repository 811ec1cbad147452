// /api-keys: API keys for integrators. A dealership's manager creates and revokes their dealership's keys; an
// administrator sees every key, with the dealership each belongs to (or the platform). Everyone else is told
// who it is for. The server scopes every call the same way; this only chooses what to show.

import { Button, Container, Flex, Link, Stack, Text } from "@chakra-ui/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LuBookOpen, LuKeyRound } from "react-icons/lu";
import type { CreatedApiKey } from "../../../shared/schemas/apiKeys";
import { ManagerOrAdminGate, ManagerOrAdminSignIn } from "../../ui/AccessGate";
import { PageHeader } from "../../ui/layout/PageHeader";
import { PanelHeader } from "../../ui/PanelHeader";
import { Notice, panelNotice } from "../../ui/QueryState";
import { useDocumentTitle } from "../../ui/useDocumentTitle";
import { ApiKeysList } from "./ApiKeysList";
import { API_DOCS_URL, OPENAPI_URL } from "./apiKeyLabels";
import { CreateApiKeyDialog } from "./CreateApiKeyDialog";
import { CreatedKeyDialog } from "./CreatedKeyDialog";
import { apiKeyQueries } from "./queries";

const PAGE_TITLE = "API keys";
const DESCRIPTION =
  "Create and revoke the API keys your systems use to read salespeople, appointments and analytics from KnowBefore's REST API.";

function DocsLink({ children = "API reference" }: { children?: string }) {
  return (
    <Button asChild variant="outline" flexShrink={0}>
      {/* A page the server renders, outside the client's routes. */}
      <a href={API_DOCS_URL}>
        <LuBookOpen /> {children}
      </a>
    </Button>
  );
}

function Header({ onCreate }: { onCreate: () => void }) {
  return (
    <PageHeader
      eyebrow="Enterprise"
      title={PAGE_TITLE}
      lead="Let your own systems call KnowBefore's REST API. Each key acts as the person who created it, only on the routes its scopes name."
      actions={
        <Flex gap="3" direction={{ base: "column", sm: "row" }} flexShrink={0}>
          <DocsLink />
          <Button colorPalette="blue" onClick={onCreate}>
            <LuKeyRound /> Create API key
          </Button>
        </Flex>
      }
    />
  );
}

function EmptyKeys({ onCreate }: { onCreate: () => void }) {
  return (
    <Notice
      icon={LuKeyRound}
      title="No API keys yet"
      description={
        <>
          A key lets a system of yours (a CRM, a data warehouse, a reporting script) read your salespeople,
          appointments and figures, or update appointments, without signing in. Send it as{" "}
          <Text as="span" fontFamily="mono" fontSize="sm">
            Authorization: Bearer kbk_…
          </Text>{" "}
          to the routes the{" "}
          <Link href={API_DOCS_URL} color="blue.700" fontWeight="medium" textDecoration="underline">
            API reference
          </Link>{" "}
          describes.
        </>
      }
      descriptionMaxW="lg"
      {...panelNotice()}
    >
      <Button colorPalette="blue" onClick={onCreate}>
        <LuKeyRound /> Create API key
      </Button>
    </Notice>
  );
}

function ApiKeysWorkspace({ isAdmin }: { isAdmin: boolean }) {
  useDocumentTitle(PAGE_TITLE, DESCRIPTION);
  const [creating, setCreating] = useState(false);
  // The new key lives only here, and only until its dialog closes.
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const { data: scopes } = useSuspenseQuery(apiKeyQueries.scopes());
  const { data: keys } = useSuspenseQuery(apiKeyQueries.list());
  const openCreate = () => setCreating(true);

  return (
    <>
      <Header onCreate={openCreate} />
      <Container maxW="7xl" py={{ base: "5", md: "8" }}>
        <Stack gap="5" as="section" aria-label={isAdmin ? "All API keys" : "Your dealership's API keys"}>
          <PanelHeader
            title={isAdmin ? "All API keys" : "Your dealership's API keys"}
            description={
              isAdmin
                ? "Every dealership's keys and the platform's own. Revoke any key that should no longer work."
                : "Keys made by your dealership's manager. Revoke a key as soon as the system using it is retired."
            }
          />
          {keys.length === 0 ? (
            <EmptyKeys onCreate={openCreate} />
          ) : (
            <ApiKeysList keys={keys} showDealership={isAdmin} />
          )}
          <Text fontSize="sm" color="fg.muted">
            Routes, scopes and answers are in the{" "}
            <Link href={API_DOCS_URL} color="blue.700" fontWeight="medium">
              API reference
            </Link>
            ; tools can read the{" "}
            <Link href={OPENAPI_URL} color="blue.700" fontWeight="medium">
              OpenAPI document
            </Link>
            .
          </Text>
        </Stack>
      </Container>

      <CreateApiKeyDialog open={creating} onOpenChange={setCreating} scopes={scopes} onCreated={setCreated} />
      <CreatedKeyDialog created={created} onClose={() => setCreated(null)} />
    </>
  );
}

/** /api-keys: dealership managers (their own dealership's keys) and administrators (every key). */
export function ApiKeysPage() {
  return (
    <ManagerOrAdminGate
      signIn={
        <ManagerOrAdminSignIn
          title="Sign in to manage API keys"
          pageTitle={PAGE_TITLE}
          pageDescription={DESCRIPTION}
        />
      }
      deniedDescription="API keys are for dealership managers and administrators. Ask your dealership to set you up as its manager if one of its systems needs to use KnowBefore's API."
      pageDescription={DESCRIPTION}
    >
      {(isAdmin) => <ApiKeysWorkspace isAdmin={isAdmin} />}
    </ManagerOrAdminGate>
  );
}
