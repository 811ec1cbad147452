// What the create and edit dialogs of a CRM integration share: the draft, the fields that follow the provider
// (credentials by its auth type, the events it supports), the client twin of the server's credential rule,
// and how a refusal is shown.
import { Checkbox, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { checkboxSlotRecipe } from "@chakra-ui/react/theme";
import type { z } from "zod";
import type { CrmProvider } from "../../../shared/crm";
import { apiErrorMessage } from "../../trpc";
import { CheckboxFieldset, InputField } from "../../ui/form";
import { showToast } from "../../ui/toaster";
import { type FieldErrors, serverFieldErrors, type useFormDraft } from "../../ui/useFormDraft";
import { eventLabel } from "./crmLabels";

export type Draft = {
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

export const EMPTY: Draft = {
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

export function parse<T>(schema: z.ZodType<T>, input: unknown, extra: FieldErrors) {
  const parsed = schema.safeParse(input);
  const errors = { ...(parsed.success ? {} : issuesByField(parsed.error.issues)), ...extra };
  const clean = Object.values(errors).every((message) => !message);
  return { data: clean && parsed.success ? parsed.data : null, errors };
}

export function EventsField({
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
          <Checkbox.Root recipe={checkboxSlotRecipe} key={event} value={event} size="sm" colorPalette="blue">
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
export function CredentialFields({
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
export function showRefusal(form: FormApi, title: string, fallback: string) {
  return (error: unknown) => {
    const fields = serverErrors(error);
    if (Object.keys(fields).some((field) => field in form.draft)) form.show(fields);
    showToast({ title, description: apiErrorMessage(error, fallback), variant: "destructive" });
  };
}

/** Client twin of the server's credential rule (the server checks again and answers its own message). */
export function credentialErrors(provider: CrmProvider, draft: Draft, editing: boolean): FieldErrors {
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

export function credentialsOf(provider: CrmProvider, draft: Draft) {
  return provider.authType === "api_key"
    ? { apiKey: draft.apiKey.trim() }
    : { username: draft.username.trim(), password: draft.password };
}

export const noEvents = (draft: Draft): FieldErrors =>
  draft.events.length === 0 ? { events: "Choose at least one event to send" } : {};
