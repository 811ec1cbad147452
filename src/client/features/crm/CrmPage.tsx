// /crm: a dealership's CRM integrations. Its manager works on their own dealership's; an administrator
// (signed in to the admin console) picks a dealership or sees them all. Everyone else is told who it is for.

import { Box, Button, Container, Stack } from "@chakra-ui/react";
import { keepPreviousData, useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { LuPlugZap } from "react-icons/lu";
import type { CreatedIntegration } from "../../../shared/schemas/crm";
import { trpc } from "../../trpc";
import {
  DealershipPicker,
  ManagerOrAdminGate,
  ManagerOrAdminSignIn,
  useDealershipChoices,
} from "../../ui/AccessGate";
import { PageHeader } from "../../ui/layout/PageHeader";
import { PanelHeader } from "../../ui/PanelHeader";
import { useDocumentTitle } from "../../ui/useDocumentTitle";
import { CreateIntegrationDialog } from "./IntegrationDialogs";
import { IntegrationsSection } from "./IntegrationsSection";
import { ProvidersSection } from "./ProvidersSection";
import { crmQueries } from "./queries";
import { SigningSecretDialog } from "./SigningSecretDialog";
import { SyncLogsSection } from "./SyncLogsSection";

const PAGE_TITLE = "CRM Integrations";

function Header({ onAdd }: { onAdd: (() => void) | null }) {
  return (
    <PageHeader
      eyebrow="Enterprise"
      title={PAGE_TITLE}
      lead="Send appointments, leads and reviews from KnowBefore to the CRM your team already uses, signed and retried until they arrive."
      actions={
        <Button colorPalette="blue" onClick={onAdd ?? undefined} disabled={!onAdd} flexShrink={0}>
          <LuPlugZap /> Add Integration
        </Button>
      }
    />
  );
}

function CrmWorkspace({ isAdmin }: { isAdmin: boolean }) {
  useDocumentTitle(PAGE_TITLE);
  const [dealershipId, setDealershipId] = useState<number | undefined>(undefined);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<CreatedIntegration | null>(null);
  const logsRef = useRef<HTMLDivElement>(null);
  const utils = trpc.useUtils();

  const dealerships = useDealershipChoices(isAdmin);
  const { data: providers } = useSuspenseQuery(crmQueries.providers());
  // An administrator's pick changes the input: a suspended read would swap the page for the route's pending frame.
  const integrations = useQuery({
    ...crmQueries.integrations(isAdmin ? dealershipId : undefined),
    placeholderData: keepPreviousData,
  });
  const selected = integrations.data?.find((i) => i.id === selectedId) ?? null;

  const refreshIntegrations = useCallback(() => utils.crm.integrations.invalidate(), [utils]);
  const onLogActivity = useCallback(() => void refreshIntegrations(), [refreshIntegrations]);

  // Opening a log brings it into view (below the list on a phone, it would otherwise go unnoticed).
  useEffect(() => {
    if (selectedId !== null) logsRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  }, [selectedId]);

  const canAdd = !isAdmin || (dealerships?.length ?? 0) > 0;
  const openAdd = canAdd ? () => setAdding(true) : null;

  return (
    <>
      <Header onAdd={openAdd} />
      <Container maxW="7xl" py={{ base: "5", md: "8" }}>
        <Stack gap={{ base: "8", md: "10" }}>
          <Stack gap="5" as="section" aria-label={isAdmin ? "Integrations" : "Your integrations"}>
            <PanelHeader
              title={isAdmin ? "Integrations" : "Your integrations"}
              description={
                isAdmin
                  ? "As an administrator you see every dealership's integrations, or one dealership's."
                  : "Your dealership's connected CRMs. Test a connection, pause deliveries, or read what was sent."
              }
            >
              {dealerships ? (
                <DealershipPicker
                  dealerships={dealerships}
                  value={dealershipId}
                  onChange={(id) => {
                    setDealershipId(id);
                    setSelectedId(null);
                  }}
                  minW={{ md: "72" }}
                  w={{ base: "full", md: "auto" }}
                />
              ) : null}
            </PanelHeader>
            <IntegrationsSection
              query={integrations}
              providers={providers}
              showDealership={isAdmin && dealershipId === undefined}
              selectedId={selectedId}
              onViewLogs={setSelectedId}
              onAdd={openAdd}
              onChanged={async (deletedId) => {
                if (deletedId !== undefined && deletedId === selectedId) setSelectedId(null);
                await refreshIntegrations();
              }}
            />
          </Stack>

          {selected ? (
            <Box ref={logsRef} scrollMarginTop="24">
              <SyncLogsSection key={selected.id} integration={selected} onActivity={onLogActivity} />
            </Box>
          ) : null}

          <ProvidersSection providers={providers} />
        </Stack>
      </Container>

      <CreateIntegrationDialog
        open={adding}
        onOpenChange={setAdding}
        providers={providers}
        dealerships={dealerships}
        defaultDealershipId={dealershipId}
        onCreated={(integration) => {
          setCreated(integration);
          void refreshIntegrations();
        }}
      />
      <SigningSecretDialog created={created} onClose={() => setCreated(null)} />
    </>
  );
}

/**
 * /crm: dealership managers (their own dealership) and administrators. The server scopes every call the
 * same way; this only chooses what to show.
 */
export function CrmPage() {
  return (
    <ManagerOrAdminGate
      signIn={<ManagerOrAdminSignIn title="Sign in to manage CRM integrations" pageTitle={PAGE_TITLE} />}
      deniedDescription="CRM integrations are for dealership managers and administrators. Ask your dealership to set you up as its manager if you need to connect its CRM."
    >
      {(isAdmin) => <CrmWorkspace isAdmin={isAdmin} />}
    </ManagerOrAdminGate>
  );
}
