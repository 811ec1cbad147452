// The dealership's integrations: failed, empty (with the way to add one), or one card each
// (IntegrationCard).
import { Button, Stack } from "@chakra-ui/react";
import { LuPlugZap } from "react-icons/lu";
import type { CrmIntegration } from "../../../shared/schemas/crm";
import { Notice, panelNotice } from "../../ui/QueryState";
import { IntegrationCard } from "./IntegrationCard";
import type { ProviderCatalogue } from "./types";

/** The integrations list: failed, empty (with the way to add one), or one card per integration. */
export function IntegrationsSection({
  query,
  providers,
  showDealership,
  selectedId,
  onViewLogs,
  onAdd,
  onChanged,
}: {
  query: {
    data: CrmIntegration[] | undefined;
    isError: boolean;
    refetch: () => unknown;
  };
  providers: ProviderCatalogue;
  showDealership: boolean;
  selectedId: number | null;
  onViewLogs: (id: number) => void;
  onAdd: (() => void) | null;
  onChanged: (deletedId?: number) => Promise<unknown>;
}) {
  if (query.isError || !query.data) {
    return (
      <Notice
        icon={LuPlugZap}
        iconColor="fg.error"
        title="We couldn't load the integrations"
        description="Check your connection and try again."
        {...panelNotice()}
      >
        <Button variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Notice>
    );
  }
  if (query.data.length === 0) {
    return (
      <Notice
        icon={LuPlugZap}
        title="No integrations yet"
        description="Add one to send appointments, leads and reviews to your CRM as they happen."
        {...panelNotice()}
      >
        {onAdd ? (
          <Button colorPalette="blue" onClick={onAdd}>
            <LuPlugZap /> Add Integration
          </Button>
        ) : null}
      </Notice>
    );
  }
  return (
    <Stack gap="4">
      {query.data.map((integration) => (
        <IntegrationCard
          key={integration.id}
          integration={integration}
          providers={providers}
          showDealership={showDealership}
          selected={selectedId === integration.id}
          onViewLogs={() => onViewLogs(integration.id)}
          onChanged={(deleted) => onChanged(deleted ? integration.id : undefined)}
        />
      ))}
    </Stack>
  );
}
