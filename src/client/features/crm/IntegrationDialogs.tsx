// The create and edit dialogs of a CRM integration. The fields follow the chosen provider (docs/product/crm.md#integration-form):
// an API key for api_key providers, a username and password for OAuth ones, a webhook URL only where the
// provider takes webhooks, and only the events it supports. The client mirrors the server's required checks;
// the server decides, and its message is what the user reads.
import { Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useEffect } from "react";
import { LuPlugZap, LuSave } from "react-icons/lu";
import { CRM_PROVIDER_CODES, type CrmEvent, type CrmProviderCode } from "../../../shared/crm";
import {
  type CreatedIntegration,
  type CrmIntegration,
  createIntegrationInput,
  updateIntegrationInput,
} from "../../../shared/schemas/crm";
import { trpc } from "../../trpc";
import { type DialogControl, FormDialog } from "../../ui/dialog";
import { InputField, SelectField } from "../../ui/form";
import { showToast } from "../../ui/toaster";
import { useFormDraft } from "../../ui/useFormDraft";
import { AUTH_TYPE_LABELS } from "./crmLabels";
import {
  CredentialFields,
  credentialErrors,
  credentialsOf,
  type Draft,
  EMPTY,
  EventsField,
  noEvents,
  parse,
  showRefusal,
} from "./integrationForm";
import type { ProviderCatalogue } from "./types";

export const CREATE_FAILED_TITLE = "Integration Failed";
export const CREATE_FAILED_MESSAGE = "Failed to create CRM integration. Please check your settings.";

type FormApi = Parameters<typeof CredentialFields>[0]["form"];

/** The integration's name and the endpoint the connection test calls. */
function NameAndEndpointFields({
  form,
  placeholder,
  editing,
}: {
  form: FormApi;
  placeholder: string;
  editing: boolean;
}) {
  return (
    <>
      <InputField
        label="Integration name"
        required
        maxLength={120}
        placeholder={editing ? undefined : "e.g. Showroom leads"}
        autoComplete="off"
        {...form.bind("integrationName")}
      />
      <InputField
        label="API endpoint"
        required
        type="url"
        inputMode="url"
        spellCheck={false}
        placeholder={placeholder}
        hint={editing ? undefined : "The connection test calls this address with the credentials below."}
        {...form.bind("apiEndpoint")}
      />
    </>
  );
}

/** What the chosen provider takes: its credentials, a webhook URL where it supports webhooks, its events. */
function ProviderFields({
  provider,
  form,
  editing,
}: {
  provider: Parameters<typeof CredentialFields>[0]["provider"];
  form: FormApi;
  editing: boolean;
}) {
  return (
    <>
      <CredentialFields provider={provider} form={form} editing={editing} />
      {provider.webhookSupport ? (
        <InputField
          label="Webhook URL"
          note="optional"
          type="url"
          inputMode="url"
          spellCheck={false}
          placeholder={editing ? undefined : "https://crm.example.com/hooks/knowbefore"}
          hint={
            editing
              ? "Events are delivered here, signed. Empty: no events are delivered."
              : "KnowBefore posts each chosen event here, signed. Leave it empty to connect without event delivery."
          }
          {...form.bind("webhookUrl")}
        />
      ) : null}
      <EventsField
        provider={provider}
        value={form.draft.events}
        onChange={(events) => form.set("events", events)}
        error={form.errors.events}
      />
    </>
  );
}

/**
 * 'Add Integration': provider, name, endpoint, credentials, optional webhook URL and events. An administrator
 * also picks the dealership. On success the parent shows the signing secret, which is answered only once.
 */
export function CreateIntegrationDialog({
  open,
  onOpenChange,
  providers,
  dealerships,
  defaultDealershipId,
  onCreated,
}: DialogControl & {
  providers: ProviderCatalogue;
  /** Administrators only: the dealerships to choose from. */
  dealerships: { id: number; name: string }[] | null;
  defaultDealershipId?: number;
  onCreated: (created: CreatedIntegration) => void;
}) {
  const initial = (): Draft => ({
    ...EMPTY,
    dealershipId: defaultDealershipId ? String(defaultDealershipId) : "",
  });
  const form = useFormDraft<Draft>(initial);
  const { draft } = form;
  const create = trpc.crm.create.useMutation();
  const provider = draft.crmProvider ? providers[draft.crmProvider as CrmProviderCode] : undefined;

  // Each opening starts from an empty form on the dealership the page shows (an administrator's choice).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the opening matters, not the form's identity
  useEffect(() => {
    if (open) form.reset(initial());
  }, [open]);

  const close = () => {
    onOpenChange(false);
    form.reset(initial());
    create.reset();
  };

  const chooseProvider = (code: string) => {
    const next = providers[code as CrmProviderCode];
    form.reset({
      ...draft,
      crmProvider: code,
      apiKey: "",
      username: "",
      password: "",
      webhookUrl: next?.webhookSupport ? draft.webhookUrl : "",
      events: next ? [...next.supportedEvents] : [],
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!provider) {
      form.show({ crmProvider: "Choose a CRM provider" });
      return;
    }
    const { data, errors } = parse(
      createIntegrationInput,
      {
        dealershipId: dealerships ? (draft.dealershipId ? Number(draft.dealershipId) : undefined) : undefined,
        crmProvider: draft.crmProvider,
        integrationName: draft.integrationName,
        apiEndpoint: draft.apiEndpoint.trim(),
        authType: provider.authType,
        credentials: credentialsOf(provider, draft),
        supportedEvents: draft.events,
        webhookUrl: provider.webhookSupport ? draft.webhookUrl.trim() : null,
      },
      {
        ...credentialErrors(provider, draft, false),
        ...noEvents(draft),
        dealershipId: dealerships && !draft.dealershipId ? "Choose the dealership" : undefined,
      },
    );
    if (!data) {
      form.show(errors);
      return;
    }
    create.mutate(data, {
      onSuccess: (created) => {
        onOpenChange(false);
        form.reset(initial());
        create.reset();
        onCreated(created);
      },
      onError: showRefusal(form, CREATE_FAILED_TITLE, CREATE_FAILED_MESSAGE),
    });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      onCancel={close}
      title="Add Integration"
      subtitle="Connect a CRM so appointments, leads and reviews reach your team's system as they happen."
      label="Add integration"
      onSubmit={submit}
      confirmLabel="Create Integration"
      confirmIcon={<LuPlugZap />}
      pendingLabel="Creating"
      pending={create.isPending}
    >
      <Stack gap="4">
        {dealerships ? (
          <SelectField
            label="Dealership"
            required
            placeholder="Choose a dealership"
            options={dealerships.map((d) => ({ value: String(d.id), label: d.name }))}
            {...form.bind("dealershipId")}
          />
        ) : null}
        <SelectField
          label="CRM provider"
          required
          placeholder="Choose a provider"
          options={CRM_PROVIDER_CODES.filter((code) => providers[code]).map((code) => ({
            value: code,
            label: `${providers[code].name} (${AUTH_TYPE_LABELS[providers[code].authType]})`,
          }))}
          name="crmProvider"
          value={draft.crmProvider}
          error={form.errors.crmProvider}
          onChange={(e) => chooseProvider(e.currentTarget.value)}
        />
        <NameAndEndpointFields
          form={form}
          placeholder={provider?.endpointHint ?? "https://"}
          editing={false}
        />
        {provider ? (
          <ProviderFields provider={provider} form={form} editing={false} />
        ) : (
          <Text fontSize="sm" color="fg.muted">
            Choose a provider to see the credentials and events it takes.
          </Text>
        )}
      </Stack>
    </FormDialog>
  );
}

/** Edit an integration: name, endpoint, webhook URL (where supported), events, and optionally new credentials. */
export function EditIntegrationDialog({
  open,
  onOpenChange,
  integration,
  providers,
  onSaved,
}: DialogControl & {
  integration: CrmIntegration;
  providers: ProviderCatalogue;
  onSaved: () => Promise<unknown>;
}) {
  const provider = providers[integration.crmProvider];
  const initial = (): Draft => ({
    ...EMPTY,
    crmProvider: integration.crmProvider,
    integrationName: integration.integrationName,
    apiEndpoint: integration.apiEndpoint,
    webhookUrl: integration.webhookUrl ?? "",
    events: [...integration.supportedEvents],
  });
  const form = useFormDraft<Draft>(initial);
  const { draft } = form;
  const update = trpc.crm.update.useMutation();

  const close = () => {
    onOpenChange(false);
    form.reset(initial());
    update.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const credentials = credentialsOf(provider, draft);
    const replacing =
      provider.authType === "api_key"
        ? draft.apiKey.trim() !== ""
        : draft.username.trim() !== "" || draft.password !== "";
    const { data, errors } = parse(
      updateIntegrationInput,
      {
        id: integration.id,
        integrationName: draft.integrationName,
        apiEndpoint: draft.apiEndpoint.trim(),
        supportedEvents: draft.events as CrmEvent[],
        ...(provider.webhookSupport ? { webhookUrl: draft.webhookUrl.trim() } : {}),
        ...(replacing ? { credentials } : {}),
      },
      { ...credentialErrors(provider, draft, true), ...noEvents(draft) },
    );
    if (!data) {
      form.show(errors);
      return;
    }
    update.mutate(data, {
      onSuccess: async () => {
        showToast({
          title: "Integration updated",
          description: `${draft.integrationName.trim()} was saved.`,
          variant: "success",
        });
        onOpenChange(false);
        update.reset();
        await onSaved();
      },
      onError: showRefusal(
        form,
        "Couldn't save the integration",
        "Please check your settings and try again.",
      ),
    });
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      onCancel={close}
      title="Edit Integration"
      subtitle={`${provider.name} · ${AUTH_TYPE_LABELS[provider.authType]}`}
      label="Edit integration"
      onSubmit={submit}
      confirmLabel="Save Changes"
      confirmIcon={<LuSave />}
      pendingLabel="Saving"
      pending={update.isPending}
    >
      <Stack gap="4">
        <NameAndEndpointFields form={form} placeholder={provider.endpointHint} editing />
        <ProviderFields provider={provider} form={form} editing />
      </Stack>
    </FormDialog>
  );
}
