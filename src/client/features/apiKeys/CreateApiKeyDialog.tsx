// "Create API key": a name and the scopes the key may use. The shared schema checks the form first; the
// server decides, and its refusals (a field's message, the active-key limit) are shown in the dialog.

import { Alert, Checkbox, Stack, Text } from "@chakra-ui/react";
import { checkboxSlotRecipe } from "@chakra-ui/react/theme";
import { type FormEvent, useEffect, useState } from "react";
import { LuKeyRound } from "react-icons/lu";
import type { ApiScope } from "../../../shared/apiKeys";
import { ErrorKind } from "../../../shared/errorCodes";
import { type CreatedApiKey, createApiKeyInput } from "../../../shared/schemas/apiKeys";
import { apiErrorCode, apiErrorMessage, trpc } from "../../trpc";
import { type DialogControl, FormDialog } from "../../ui/dialog";
import { CheckboxFieldset, InputField } from "../../ui/form";
import { withReauthentication } from "../../ui/reauth";
import { useFormDraft } from "../../ui/useFormDraft";

export type ScopeChoice = { scope: ApiScope; label: string; description: string };

type Draft = { name: string; scopes: string[] };

const EMPTY: Draft = { name: "", scopes: [] };

function ScopesField({
  choices,
  value,
  onChange,
  error,
}: {
  choices: ScopeChoice[];
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
}) {
  return (
    <CheckboxFieldset
      legend="Scopes"
      helper="The key calls only the routes these name. Choose the fewest the system needs."
      error={error}
      name="scopes"
      value={value}
      onChange={onChange}
    >
      <Stack gap="2" pt="1">
        {choices.map((choice) => (
          <Checkbox.Root
            recipe={checkboxSlotRecipe}
            key={choice.scope}
            value={choice.scope}
            colorPalette="blue"
            alignItems="flex-start"
            gap="3"
            p="3"
            borderWidth="1px"
            borderColor={value.includes(choice.scope) ? "blue.300" : "border.muted"}
            borderRadius="lg"
            bg={value.includes(choice.scope) ? "blue.50" : undefined}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control mt="0.5" />
            <Stack gap="0.5" minW="0">
              <Checkbox.Label>
                {choice.label}{" "}
                <Text as="span" fontFamily="mono" fontSize="xs" color="fg.muted" fontWeight="normal">
                  {choice.scope}
                </Text>
              </Checkbox.Label>
              <Text fontSize="xs" color="fg.muted">
                {choice.description}
              </Text>
            </Stack>
          </Checkbox.Root>
        ))}
      </Stack>
    </CheckboxFieldset>
  );
}

/** The dialog; on success the parent shows the key, which the server answers only this once. */
export function CreateApiKeyDialog({
  open,
  onOpenChange,
  scopes,
  onCreated,
}: DialogControl & { scopes: ScopeChoice[]; onCreated: (created: CreatedApiKey) => void }) {
  const form = useFormDraft<Draft>(EMPTY);
  const { draft } = form;
  const create = trpc.apiKeys.create.useMutation();
  // A refusal that is not about one field (the active-key limit, a lost connection) stays in the dialog.
  const [refusal, setRefusal] = useState<string | null>(null);

  // Each opening starts from an empty form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the opening matters, not the form's identity
  useEffect(() => {
    if (open) {
      form.reset(EMPTY);
      setRefusal(null);
      create.reset();
    }
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const data = form.check(createApiKeyInput, { name: draft.name, scopes: draft.scopes });
    if (!data) return;
    // An administrator whose sign-in is not recent confirms who they are first (ui/reauth.ts).
    withReauthentication(() => create.mutateAsync(data)).then(
      (created) => {
        onOpenChange(false);
        onCreated(created);
      },
      (error: unknown) => {
        if (form.showServerErrors(error)) return;
        setRefusal(
          apiErrorCode(error) === ErrorKind.CONFLICT
            ? apiErrorMessage(error, "This dealership already has as many active keys as it may hold.")
            : apiErrorMessage(error, "The key could not be created. Please try again."),
        );
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create API key"
      subtitle="The key acts as you, limited to the scopes you choose. You will see it once, right after it is created."
      label="Create API key"
      onSubmit={submit}
      confirmLabel="Create key"
      confirmIcon={<LuKeyRound />}
      pendingLabel="Creating"
      pending={create.isPending}
    >
      <Stack gap="5">
        {refusal ? (
          <Alert.Root status="error" borderRadius="lg" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>The key was not created</Alert.Title>
              <Alert.Description>{refusal}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        <InputField
          label="Name"
          required
          autoComplete="off"
          maxLength={100}
          placeholder="e.g. Showroom CRM sync"
          hint="Say which system uses it, so you know what stops working if you revoke it."
          {...form.bind("name")}
        />
        <ScopesField
          choices={scopes}
          value={draft.scopes}
          onChange={(next) => form.set("scopes", next)}
          error={form.errors.scopes}
        />
      </Stack>
    </FormDialog>
  );
}
