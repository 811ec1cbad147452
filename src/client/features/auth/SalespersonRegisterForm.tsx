import { Button, SimpleGrid, Stack } from "@chakra-ui/react";
import { type FormEvent, useId } from "react";
import { SELF_EDIT_SPECIALTIES, YEARS_OF_EXPERIENCE } from "../../../shared/constants";
import { apiErrorCode, trpc } from "../../trpc";
import { CheckboxGroupField, InputField } from "../../ui/form";
import { showToast } from "../../ui/toaster";
import { useFormDraft } from "../../ui/useFormDraft";
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
  const form = useFormDraft(EMPTY_DRAFT);
  const { draft, bind } = form;

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
      form.show({ yearsExperience: "Years of experience must be between 0 and 50" });
      return;
    }
    form.show({});
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
          form.reset();
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
        <InputField label="Full name" required autoComplete="name" {...bind("name")} />
        <InputField
          label="Work email"
          required
          type="email"
          autoComplete="email"
          inputMode="email"
          {...bind("email")}
        />
        <InputField
          label="Dealership"
          required
          hint="Pick your dealership from the suggestions so it can verify you."
          autoComplete="off"
          list={dealershipListId}
          placeholder="Start typing your dealership's name"
          {...bind("dealership")}
        />
        <datalist id={dealershipListId}>
          {(filterOptions.data?.dealerships ?? []).map((d) => (
            <option key={d.id} value={d.name}>
              {`${d.city}, ${d.state}`}
            </option>
          ))}
        </datalist>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
          <InputField label="Phone" note="optional" type="tel" autoComplete="tel" {...bind("phone")} />
          <InputField
            label="Years of experience"
            type="number"
            inputMode="numeric"
            min={YEARS_OF_EXPERIENCE.min}
            max={YEARS_OF_EXPERIENCE.max}
            {...bind("yearsExperience")}
          />
        </SimpleGrid>
        <CheckboxGroupField
          legend="Specialties"
          choices={SELF_EDIT_SPECIALTIES}
          value={draft.specialties}
          onChange={(value) => form.set("specialties", value)}
        />
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
