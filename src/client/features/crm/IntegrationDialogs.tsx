// The create and edit dialogs of a CRM integration. The fields follow the chosen provider (SPEC.md section 5):
// an API key for api_key providers, a username and password for OAuth ones, a webhook URL only where the
// provider takes webhooks, and only the events it supports. The client mirrors the server's required checks;
// the server decides, and its message is what the user reads.
import { Checkbox, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useEffect } from "react";
import { LuPlugZap, LuSave } from "react-icons/lu";
import type { z } from "zod";
import {
  CRM_PROVIDER_CODES,
  type CrmEvent,
  type CrmProvider,
  type CrmProviderCode,
} from "../../../shared/crm";
import {
  type CreatedIntegration,
  type CrmIntegration,
  createIntegrationInput,
  updateIntegrationInput,
} from "../../../shared/schemas/crm";
import { apiErrorMessage, trpc } from "../../trpc";
import { type DialogControl, FormDialog } from "../../ui/dialog";
import { CheckboxFieldset, InputField, SelectField } from "../../ui/form";
import { showToast } from "../../ui/toaster";
import { type FieldErrors, serverFieldErrors, useFormDraft } from "../../ui/useFormDraft";
import { AUTH_TYPE_LABELS, eventLabel } from "./crmLabels";
import type { ProviderCatalogue } from "./types";

export const CREATE_FAILED_TITLE = "Integration Failed";
export const CREATE_FAILED_MESSAGE = "Failed to create CRM integration. Please check your settings.";

type Draft = {
  dealershipId: string;
  crmProvider: string;
  integrationName: string;
  apiEndpoint: string;
  apiKey: string;
  username: string;
  password: string;
  webhookUrl: string;
  events: string[];
};

const EMPTY: Draft = {
  dealershipId: "",
  crmProvider: "",
  integrationName: "",
  apiEndpoint: "",
  apiKey: "",
  username: "",
  password: "",
  webhookUrl: "",
  events: [],
};

/** The zod issues of a parse, keyed by the form's own field names (credentials.apiKey is `apiKey`). */
function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const [first, second] = issue.path;
    const field =
      first === "credentials" && typeof second === "string"
        ? second
        : first === "supportedEvents"
          ? "events"
          : typeof first === "string"
            ? first
            : undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** A server refusal with per-field messages, keyed the same way (nested credentials are not split there). */
function serverErrors(error: unknown): FieldErrors {
  const found = serverFieldErrors(error);
  if (found.supportedEvents) found.events = found.supportedEvents;
  return found;
}

function parse<T>(schema: z.ZodType<T>, input: unknown, extra: FieldErrors) {
  const parsed = schema.safeParse(input);
  const errors = { ...(parsed.success ? {} : issuesByField(parsed.error.issues)), ...extra };
  const clean = Object.values(errors).every((message) => !message);
  return { data: clean && parsed.success ? parsed.data : null, errors };
}

function EventsField({
  provider,
  value,
  onChange,
  error,
}: {
  provider: CrmProvider;
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
}) {
  return (
    <CheckboxFieldset
      legend="Events to send"
      helper={`${provider.name} accepts these events. Untick any your team doesn't need.`}
      error={error}
      name="events"
      value={value}
      onChange={onChange}
    >
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2.5" pt="1">
        {provider.supportedEvents.map((event) => (
          <Checkbox.Root key={event} value={event} size="sm" colorPalette="blue">
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{eventLabel(event)}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </SimpleGrid>
    </CheckboxFieldset>
  );
}

type FormApi = ReturnType<typeof useFormDraft<Draft>>;

/** API key, or username and password, by the provider's auth type; `keepNote` when empty keeps the stored ones. */
function CredentialFields({
  provider,
  form,
  editing,
}: {
  provider: CrmProvider;
  form: FormApi;
  editing: boolean;
}) {
  const note = editing ? "leave empty to keep the stored one" : undefined;
  if (provider.authType === "api_key") {
    return (
      <InputField
        label="API key"
        required={!editing}
        note={note}
        type="password"
        autoComplete="off"
        spellCheck={false}
        hint={
          editing
            ? "Needed again when the endpoint or webhook moves to another host."
            : "Stored encrypted. It is never shown again, only its last four characters."
        }
        {...form.bind("apiKey")}
      />
    );
  }
  return (
    <Stack gap="2">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <InputField
          label="Username"
          required={!editing}
          note={editing ? "optional" : undefined}
          autoComplete="off"
          spellCheck={false}
          {...form.bind("username")}
        />
        <InputField
          label="Password"
          required={!editing}
          note={editing ? "optional" : undefined}
          type="password"
          autoComplete="new-password"
          {...form.bind("password")}
        />
      </SimpleGrid>
      <Text fontSize="xs" color="fg.muted">
        {editing
          ? "Leave both empty to keep the stored credentials; to replace them, give both. They are needed again when the endpoint or webhook moves to another host."
          : "Stored encrypted and never shown again."}
      </Text>
    </Stack>
  );
}

/** A refused save: the server's field messages beside their fields, and a toast with its message. */
function showRefusal(form: FormApi, title: string, fallback: string) {
  return (error: unknown) => {
    const fields = serverErrors(error);
    if (Object.keys(fields).some((field) => field in form.draft)) form.show(fields);
    showToast({ title, description: apiErrorMessage(error, fallback), variant: "destructive" });
  };
}

/** Client twin of the server's credential rule (the server checks again and answers its own message). */
function credentialErrors(provider: CrmProvider, draft: Draft, editing: boolean): FieldErrors {
  if (provider.authType === "api_key") {
    return !editing && draft.apiKey.trim() === ""
      ? { apiKey: `An API key is required for ${provider.name}` }
      : {};
  }
  const username = draft.username.trim();
  const anyGiven = username !== "" || draft.password !== "";
  if (editing && !anyGiven) return {};
  return {
    username: username === "" ? "Username is required" : undefined,
    password: draft.password === "" ? "Password is required" : undefined,
  };
}

function credentialsOf(provider: CrmProvider, draft: Draft) {
  return provider.authType === "api_key"
    ? { apiKey: draft.apiKey.trim() }
    : { username: draft.username.trim(), password: draft.password };
}

const noEvents = (draft: Draft): FieldErrors =>
  draft.events.length === 0 ? { events: "Choose at least one event to send" } : {};

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
        <InputField
          label="Integration name"
          required
          maxLength={120}
          placeholder="e.g. Showroom leads"
          autoComplete="off"
          {...form.bind("integrationName")}
        />
        <InputField
          label="API endpoint"
          required
          type="url"
          inputMode="url"
          spellCheck={false}
          placeholder={provider?.endpointHint ?? "https://"}
          hint="The connection test calls this address with the credentials below."
          {...form.bind("apiEndpoint")}
        />
        {provider ? (
          <>
            <CredentialFields provider={provider} form={form} editing={false} />
            {provider.webhookSupport ? (
              <InputField
                label="Webhook URL"
                note="optional"
                type="url"
                inputMode="url"
                spellCheck={false}
                placeholder="https://crm.example.com/hooks/knowbefore"
                hint="KnowBefore posts each chosen event here, signed. Leave it empty to connect without event delivery."
                {...form.bind("webhookUrl")}
              />
            ) : null}
            <EventsField
              provider={provider}
              value={draft.events}
              onChange={(events) => form.set("events", events)}
              error={form.errors.events}
            />
          </>
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
        <InputField
          label="Integration name"
          required
          maxLength={120}
          autoComplete="off"
          {...form.bind("integrationName")}
        />
        <InputField
          label="API endpoint"
          required
          type="url"
          inputMode="url"
          spellCheck={false}
          placeholder={provider.endpointHint}
          {...form.bind("apiEndpoint")}
        />
        <CredentialFields provider={provider} form={form} editing />
        {provider.webhookSupport ? (
          <InputField
            label="Webhook URL"
            note="optional"
            type="url"
            inputMode="url"
            spellCheck={false}
            hint="Events are delivered here, signed. Empty: no events are delivered."
            {...form.bind("webhookUrl")}
          />
        ) : null}
        <EventsField
          provider={provider}
          value={draft.events}
          onChange={(events) => form.set("events", events)}
          error={form.errors.events}
        />
      </Stack>
    </FormDialog>
  );
}
