import { Button, Field, HStack, Input, SimpleGrid, Stack } from "@chakra-ui/react";
import { type FormEvent, useEffect, useState } from "react";
import { ErrorKind } from "../../../shared/errorCodes";
import type { SessionUser } from "../../../shared/schemas/auth";
import { apiErrorCode, trpc } from "../../trpc";
import { showToast } from "../../ui/toaster";

type ProfileDraft = {
  firstName: string;
  lastName: string;
  phone: string;
  city: string;
  state: string;
  zipCode: string;
};

function draftFrom(user: SessionUser): ProfileDraft {
  return {
    firstName: user.firstName ?? "",
    lastName: user.lastName ?? "",
    phone: user.phone ?? "",
    city: user.city ?? "",
    state: user.state ?? "",
    zipCode: user.zipCode ?? "",
  };
}

const FIELDS: {
  key: keyof ProfileDraft;
  label: string;
  autoComplete: string;
  type?: string;
  placeholder?: string;
}[] = [
  { key: "firstName", label: "First name", autoComplete: "given-name" },
  { key: "lastName", label: "Last name", autoComplete: "family-name" },
  { key: "phone", label: "Phone", autoComplete: "tel", type: "tel", placeholder: "(555) 123-4567" },
  { key: "city", label: "City", autoComplete: "address-level2" },
  { key: "state", label: "State", autoComplete: "address-level1", placeholder: "e.g. TX" },
  { key: "zipCode", label: "ZIP code", autoComplete: "postal-code", placeholder: "12345" },
];

/** Personal information form; the e-mail is shown but can't be changed here. */
export function ProfileForm({ user }: { user: SessionUser }) {
  const utils = trpc.useUtils();
  const [draft, setDraft] = useState<ProfileDraft>(() => draftFrom(user));
  useEffect(() => setDraft(draftFrom(user)), [user]);

  const saved = draftFrom(user);
  const dirty = (Object.keys(saved) as (keyof ProfileDraft)[]).some((key) => saved[key] !== draft[key]);

  const updateProfile = trpc.auth.updateProfile.useMutation({
    onSuccess: (updated) => {
      utils.auth.me.setData(undefined, updated);
      showToast({
        title: "Profile Updated!",
        description: "Your personal information has been saved.",
        variant: "success",
      });
    },
    onError: (error) =>
      showToast({
        title: "Error",
        description:
          apiErrorCode(error) === ErrorKind.BAD_REQUEST && error.message
            ? error.message
            : "Failed to update profile. Please try again.",
        variant: "destructive",
      }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    updateProfile.mutate({
      firstName: draft.firstName,
      lastName: draft.lastName,
      phone: draft.phone,
      city: draft.city,
      state: draft.state,
      zipCode: draft.zipCode,
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Personal information">
      <Stack gap="6">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          {FIELDS.slice(0, 2).map((field) => (
            <Field.Root key={field.key}>
              <Field.Label>{field.label}</Field.Label>
              <Input
                autoComplete={field.autoComplete}
                value={draft[field.key]}
                onChange={(e) => setDraft((d) => ({ ...d, [field.key]: e.target.value }))}
              />
            </Field.Root>
          ))}
          <Field.Root readOnly gridColumn={{ md: "1 / -1" }}>
            <Field.Label>Email</Field.Label>
            <Input value={user.email} readOnly bg="gray.50" color="fg.muted" />
            <Field.HelperText>
              This is the address your sign-in links go to. It can't be changed here.
            </Field.HelperText>
          </Field.Root>
          {FIELDS.slice(2).map((field) => (
            <Field.Root key={field.key}>
              <Field.Label>{field.label}</Field.Label>
              <Input
                type={field.type ?? "text"}
                autoComplete={field.autoComplete}
                placeholder={field.placeholder}
                value={draft[field.key]}
                onChange={(e) => setDraft((d) => ({ ...d, [field.key]: e.target.value }))}
              />
            </Field.Root>
          ))}
        </SimpleGrid>
        <HStack justify="flex-end" gap="3">
          {dirty ? (
            <Button variant="ghost" onClick={() => setDraft(saved)} disabled={updateProfile.isPending}>
              Discard changes
            </Button>
          ) : null}
          <Button type="submit" colorPalette="blue" loading={updateProfile.isPending} loadingText="Saving…">
            Save changes
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
