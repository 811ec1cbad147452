// /crm: a dealership's CRM integrations. Its manager works on their own dealership's; an administrator
// (signed in to the admin console) picks a dealership or sees them all. Everyone else is told who it is for.
import { Box, Button, Container, Flex, Heading, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { useCallback, useEffect, useRef, useState } from "react";
import { LuLogIn, LuPlugZap } from "react-icons/lu";
import type { CreatedIntegration } from "../../../shared/schemas/crm";
import { trpc } from "../../trpc";
import { DealershipPicker, GateNotice, ManagerOrAdminGate, useDealershipChoices } from "../../ui/AccessGate";
import { Eyebrow } from "../../ui/Eyebrow";
import { PageBand } from "../../ui/layout/PageBand";
import { PanelHeader } from "../../ui/PanelHeader";
import { useDocumentTitle } from "../../ui/useDocumentTitle";
import { CreateIntegrationDialog } from "./IntegrationDialogs";
import { IntegrationsSection } from "./IntegrationsSection";
import { ProvidersSection } from "./ProvidersSection";
import { SigningSecretDialog } from "./SigningSecretDialog";
import { SyncLogsSection } from "./SyncLogsSection";

const PAGE_TITLE = "CRM Integrations";

function SignInPrompt() {
  useDocumentTitle(PAGE_TITLE);
  return (
    <GateNotice
      icon={LuLogIn}
      iconColor="blue.600"
      title="Sign in to manage CRM integrations"
      description="Dealership managers sign in through the salesperson portal; administrators through the admin console."
    >
      <Button asChild colorPalette="blue">
        <Link to="/salesperson-login">
          <LuLogIn /> Sign In
        </Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/admin/login">Administrator sign-in</Link>
      </Button>
    </GateNotice>
  );
}

function PageHeader({ onAdd }: { onAdd: (() => void) | null }) {
  return (
    <PageBand pt={{ base: "5", md: "7" }} pb="5">
      <Flex
        gap="4"
        justify="space-between"
        align={{ base: "stretch", md: "center" }}
        direction={{ base: "column", md: "row" }}
      >
        <Stack gap="1.5" minW="0">
          <Eyebrow>Enterprise</Eyebrow>
          <Heading as="h1" size={{ base: "xl", md: "2xl" }} color="ink" letterSpacing="-0.02em">
            {PAGE_TITLE}
          </Heading>
          <Text color="fg.muted" maxW="2xl">
            Send appointments, leads and reviews from KnowBefore to the CRM your team already uses, signed and
            retried until they arrive.
          </Text>
        </Stack>
        <Button colorPalette="blue" onClick={onAdd ?? undefined} disabled={!onAdd} flexShrink={0}>
          <LuPlugZap /> Add Integration
        </Button>
      </Flex>
    </PageBand>
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
  const providers = trpc.crm.providers.useQuery();
  const integrations = trpc.crm.integrations.useQuery(isAdmin ? { dealershipId } : {});
  const selected = integrations.data?.find((i) => i.id === selectedId) ?? null;

  const refreshIntegrations = useCallback(() => utils.crm.integrations.invalidate(), [utils]);
  const onLogActivity = useCallback(() => void refreshIntegrations(), [refreshIntegrations]);

  // Opening a log brings it into view (below the list on a phone, it would otherwise go unnoticed).
  useEffect(() => {
    if (selectedId !== null) logsRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  }, [selectedId]);

  const canAdd = providers.data !== undefined && (!isAdmin || (dealerships?.length ?? 0) > 0);
  const openAdd = canAdd ? () => setAdding(true) : null;

  return (
    <>
      <PageHeader onAdd={openAdd} />
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
              providers={providers.data}
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

      {providers.data ? (
        <CreateIntegrationDialog
          open={adding}
          onOpenChange={setAdding}
          providers={providers.data}
          dealerships={dealerships}
          defaultDealershipId={dealershipId}
          onCreated={(integration) => {
            setCreated(integration);
            void refreshIntegrations();
          }}
        />
      ) : null}
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
      signIn={<SignInPrompt />}
      deniedDescription="CRM integrations are for dealership managers and administrators. Ask your dealership to set you up as its manager if you need to connect its CRM."
    >
      {(isAdmin) => <CrmWorkspace isAdmin={isAdmin} />}
    </ManagerOrAdminGate>
  );
}
