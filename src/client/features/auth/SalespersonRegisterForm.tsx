import { Button, Checkbox, CheckboxGroup, Field, Fieldset, Input, SimpleGrid, Stack } from "@chakra-ui/react";
import { type FormEvent, useId, useState } from "react";
import { SELF_EDIT_SPECIALTIES, YEARS_OF_EXPERIENCE } from "../../../shared/constants";
import { apiErrorCode, trpc } from "../../trpc";
import { showToast } from "../../ui/toaster";
import { checkEmail } from "./emailInput";

type RegisterDraft = {
  name: string;
  email: string;
  dealership: string;
  phone: string;
  yearsExperience: string;
  specialties: string[];
};

const EMPTY_DRAFT: RegisterDraft = {
  name: "",
  email: "",
  dealership: "",
  phone: "",
  yearsExperience: "0",
  specialties: [],
};

/** Creates a salesperson account; on success (or when the e-mail is taken) the portal switches to Login. */
export function SalespersonRegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const [draft, setDraft] = useState<RegisterDraft>(EMPTY_DRAFT);
  const [yearsError, setYearsError] = useState<string | null>(null);
  const set = <K extends keyof RegisterDraft>(key: K, value: RegisterDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const register = trpc.salespersonAuth.register.useMutation();
  const filterOptions = trpc.salespeople.filterOptions.useQuery();
  const dealershipListId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = draft.name.trim();
    const dealership = draft.dealership.trim();
    const emailCheck = checkEmail(draft.email);
    if (!name || !dealership || emailCheck.kind === "empty") {
      showToast({
        title: "Required Fields Missing",
        description: "Please fill in all required fields",
        variant: "destructive",
      });
      return;
    }
    if (emailCheck.kind === "invalid") {
      showToast({ title: "Registration Failed", description: emailCheck.message, variant: "destructive" });
      return;
    }
    const years = draft.yearsExperience.trim() === "" ? 0 : Number(draft.yearsExperience);
    if (!Number.isInteger(years) || years < YEARS_OF_EXPERIENCE.min || years > YEARS_OF_EXPERIENCE.max) {
      setYearsError("Years of experience must be between 0 and 50");
      return;
    }
    setYearsError(null);
    const phone = draft.phone.trim();
    register.mutate(
      {
        name,
        email: emailCheck.email,
        dealership,
        phone: phone === "" ? null : phone,
        yearsExperience: years,
        specialties: draft.specialties,
      },
      {
        onSuccess: () => {
          showToast({
            title: "Account Created",
            description: "Your salesperson account is ready. We've filled in your email so you can sign in.",
            variant: "success",
          });
          setDraft(EMPTY_DRAFT);
          onRegistered(emailCheck.email);
        },
        onError: (error) => {
          if (apiErrorCode(error) === "CONFLICT") {
            showToast({
              title: "Account Already Exists",
              description: "A salesperson with this email already exists. Try logging in instead.",
              variant: "destructive",
            });
            onRegistered(emailCheck.email);
            return;
          }
          // Validation answers (e.g. an unknown dealership) explain themselves; anything else gets the spec's text.
          const code = apiErrorCode(error);
          const explained = code === "BAD_REQUEST" || code === "UNPROCESSABLE_CONTENT";
          showToast({
            title: "Registration Failed",
            description: explained ? error.message : "Failed to create account. Please try again.",
            variant: "destructive",
          });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="5">
        <Field.Root required>
          <Field.Label>
            Full name <Field.RequiredIndicator />
          </Field.Label>
          <Input autoComplete="name" value={draft.name} onChange={(e) => set("name", e.target.value)} />
        </Field.Root>
        <Field.Root required>
          <Field.Label>
            Work email <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            value={draft.email}
            onChange={(e) => set("email", e.target.value)}
          />
        </Field.Root>
        <Field.Root required>
          <Field.Label>
            Dealership <Field.RequiredIndicator />
          </Field.Label>
          <Input
            autoComplete="off"
            list={dealershipListId}
            placeholder="Start typing your dealership's name"
            value={draft.dealership}
            onChange={(e) => set("dealership", e.target.value)}
          />
          <datalist id={dealershipListId}>
            {(filterOptions.data?.dealerships ?? []).map((d) => (
              <option key={d.id} value={d.name}>
                {`${d.city}, ${d.state}`}
              </option>
            ))}
          </datalist>
          <Field.HelperText>Pick your dealership from the suggestions so it can verify you.</Field.HelperText>
        </Field.Root>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
          <Field.Root>
            <Field.Label>Phone (optional)</Field.Label>
            <Input
              type="tel"
              autoComplete="tel"
              value={draft.phone}
              onChange={(e) => set("phone", e.target.value)}
            />
          </Field.Root>
          <Field.Root invalid={yearsError !== null}>
            <Field.Label>Years of experience</Field.Label>
            <Input
              type="number"
              inputMode="numeric"
              min={YEARS_OF_EXPERIENCE.min}
              max={YEARS_OF_EXPERIENCE.max}
              value={draft.yearsExperience}
              onChange={(e) => set("yearsExperience", e.target.value)}
            />
            {yearsError ? <Field.ErrorText>{yearsError}</Field.ErrorText> : null}
          </Field.Root>
        </SimpleGrid>
        <Fieldset.Root>
          <Fieldset.Legend fontSize="sm" fontWeight="medium">
            Specialties
          </Fieldset.Legend>
          <CheckboxGroup value={draft.specialties} onValueChange={(value) => set("specialties", value)}>
            <SimpleGrid columns={{ base: 2, sm: 3 }} gap="3" pt="2">
              {SELF_EDIT_SPECIALTIES.map((specialty) => (
                <Checkbox.Root key={specialty} value={specialty} size="sm">
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{specialty}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </SimpleGrid>
          </CheckboxGroup>
        </Fieldset.Root>
        <Button
          type="submit"
          colorPalette="blue"
          size="lg"
          loading={register.isPending}
          loadingText="Creating account…"
        >
          Create salesperson account
        </Button>
      </Stack>
    </form>
  );
}
