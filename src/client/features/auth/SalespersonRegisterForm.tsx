// Salesperson registration, in one of three ways (docs/product/onboarding.md#salespeople-joining-on-their-own):
// with a listed dealership (unlisted until its manager confirms), independent (listed once the e-mail address is
// confirmed), or with a dealership that is not listed yet (independent meanwhile; its application goes to the
// administrators once the address is confirmed).

import { Button, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { LuBuilding2, LuStore, LuUserRound } from "react-icons/lu";
import {
  INDEPENDENT_LABEL,
  LOGIN_LINK_TTL_MINUTES,
  SELF_EDIT_SPECIALTIES,
  YEARS_OF_EXPERIENCE,
} from "../../../shared/constants";
import { ErrorKind } from "../../../shared/errorCodes";
import { type SalespersonJoining, unlistedDealershipInput } from "../../../shared/schemas/auth";
import { apiErrorCode, failedWith, trpc } from "../../trpc";
import { ChoiceCards } from "../../ui/ChoiceCards";
import { CheckboxGroupField, InputField } from "../../ui/form";
import { showToast } from "../../ui/toaster";
import { serverFieldErrors, useFormDraft } from "../../ui/useFormDraft";
import { DealershipFields, EMPTY_DEALERSHIP, ZipCodeField } from "../onboarding";
import { CheckEmailPanel } from "./CheckEmailPanel";
import { checkEmail } from "./emailInput";
import { authQueries } from "./queries";

type RegisterDraft = {
  name: string;
  email: string;
  dealership: string;
  zipCode: string;
  phone: string;
  yearsExperience: string;
  specialties: string[];
};

const EMPTY_DRAFT: RegisterDraft = {
  name: "",
  email: "",
  dealership: "",
  zipCode: "",
  phone: "",
  yearsExperience: "0",
  specialties: [],
};

const EMPTY_UNLISTED = { ...EMPTY_DEALERSHIP, managerName: "", managerEmail: "" };

const JOINING_CHOICES = [
  {
    value: "dealership",
    label: "My dealership is on KnowBefore",
    description: "Your profile goes live once its manager confirms you work there; we tell them now.",
    icon: <LuBuilding2 />,
  },
  {
    value: "independent",
    label: "I work independently",
    description: `Listed once you confirm your e-mail address, labelled "${INDEPENDENT_LABEL}".`,
    icon: <LuUserRound />,
  },
  {
    value: "unlisted",
    label: "My dealership isn't listed",
    description:
      "Once you confirm your e-mail address we send its application to our team. You are listed as independent meanwhile, and invited to join it once approved.",
    icon: <LuStore />,
  },
] as const;

const REGISTERED: Record<SalespersonJoining, (dealership: string) => string> = {
  dealership: (d) =>
    `Your account is ready. Your profile stays unlisted until ${d}'s manager confirms you; we've let them know.`,
  independent: () =>
    `Once you confirm it, your profile is listed as "${INDEPENDENT_LABEL}". Until then it is shown to nobody.`,
  unlisted: (d) =>
    `Once you confirm it, your profile is listed as independent and ${d}'s application goes to our team (a manager you named confirms their own address first). Until then nothing is shown or filed.`,
};

/** A registration waiting for its address: where the link went, and what confirming it does. */
type Awaiting = { email: string; joining: SalespersonJoining; dealership: string };

/** Creates a salesperson account; on success (or when the e-mail is taken) the portal switches to Login. */
export function SalespersonRegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const form = useFormDraft(EMPTY_DRAFT);
  const unlisted = useFormDraft(EMPTY_UNLISTED);
  const { draft, bind } = form;
  const [joining, setJoining] = useState<SalespersonJoining>("dealership");
  const [awaiting, setAwaiting] = useState<Awaiting | null>(null);

  const register = trpc.auth.registerSalesperson.useMutation();
  const filterOptions = useQuery(authQueries.filterOptions());
  const dealershipListId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = draft.name.trim();
    const dealership = draft.dealership.trim();
    const emailCheck = checkEmail(draft.email);
    if (!name || emailCheck.kind === "empty") {
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
    const errors: Partial<Record<keyof RegisterDraft, string>> = {};
    if (!Number.isInteger(years) || years < YEARS_OF_EXPERIENCE.min || years > YEARS_OF_EXPERIENCE.max)
      errors.yearsExperience = "Years of experience must be between 0 and 50";
    if (joining === "dealership" && !dealership)
      errors.dealership = "Please pick your dealership from the list";
    if (joining === "independent" && !/^\d{5}(-\d{4})?$/.test(draft.zipCode.trim()))
      errors.zipCode = "Enter the ZIP code you work from, e.g. 78701";
    if (!form.show(errors)) return;
    const application = joining === "unlisted" ? unlisted.check(unlistedDealershipInput) : undefined;
    if (application === null) return;
    const phone = draft.phone.trim();
    register.mutate(
      {
        name,
        email: emailCheck.email,
        joining,
        ...(joining === "dealership" ? { dealership } : {}),
        ...(joining === "independent" ? { zipCode: draft.zipCode.trim() } : {}),
        ...(application ? { application } : {}),
        phone: phone === "" ? null : phone,
        yearsExperience: years,
        specialties: draft.specialties,
      },
      {
        onSuccess: (registered) => {
          const dealershipName = application?.dealershipName ?? dealership;
          if (registered.confirmationSent) {
            setAwaiting({ email: registered.email, joining, dealership: dealershipName });
            form.reset();
            unlisted.reset();
            return;
          }
          showToast({
            title: "Account Created",
            description: `${REGISTERED[joining](dealershipName)} We've filled in your email so you can sign in.`,
            variant: "success",
          });
          form.reset();
          unlisted.reset();
          onRegistered(emailCheck.email);
        },
        onError: (error) => {
          if (apiErrorCode(error) === ErrorKind.CONFLICT) {
            showToast({
              title: "Account Already Exists",
              description: "A salesperson with this email already exists. Try logging in instead.",
              variant: "destructive",
            });
            onRegistered(emailCheck.email);
            return;
          }
          // The server's only own check of the dealership's fields is that it knows the ZIP code.
          const fields = serverFieldErrors(error);
          if (fields.application) unlisted.show({ zipCode: fields.application });
          else form.showServerErrors(error);
          const explained = failedWith(error, ErrorKind.BAD_REQUEST, ErrorKind.UNPROCESSABLE_CONTENT);
          showToast({
            title: "Registration Failed",
            description: explained ? error.message : "Failed to create account. Please try again.",
            variant: "destructive",
          });
        },
      },
    );
  };

  if (awaiting) {
    return (
      <CheckEmailPanel
        email={awaiting.email}
        title="Check your e-mail to confirm your address"
        resetLabel="Go to Login"
        onReset={() => {
          setAwaiting(null);
          onRegistered(awaiting.email);
        }}
      >
        <Text color="fg.muted">
          We sent a link to{" "}
          <Text as="span" fontWeight="semibold" color="fg">
            {awaiting.email}
          </Text>
          . Open it to confirm the address and sign in; it works once and expires in {LOGIN_LINK_TTL_MINUTES}{" "}
          minutes. {REGISTERED[awaiting.joining](awaiting.dealership)}
        </Text>
        <Text color="fg.muted">
          If the link expires, ask for a new sign-in link on the Login tab: it confirms too.
        </Text>
      </CheckEmailPanel>
    );
  }

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate>
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
        <ChoiceCards
          label="Where do you work?"
          required
          choices={JOINING_CHOICES}
          value={joining}
          onChange={(value) => setJoining(value as SalespersonJoining)}
        />
        {joining === "dealership" ? (
          <>
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
          </>
        ) : null}
        {joining === "independent" ? (
          <ZipCodeField
            label="ZIP code you work from"
            hint="Buyers find you by your city, which comes from this ZIP code."
            {...bind("zipCode")}
          />
        ) : null}
        {joining === "unlisted" ? (
          <Stack
            gap="5"
            p={{ base: "4", md: "5" }}
            borderWidth="1px"
            borderColor="border.muted"
            borderRadius="xl"
            bg="bg.subtle"
          >
            <Stack gap="1">
              <Heading as="h3" size="sm" color="ink">
                Your dealership
              </Heading>
              <Text fontSize="sm" color="fg.muted">
                Until it is approved you are listed as independent ("{INDEPENDENT_LABEL}") once you confirm
                your e-mail address.
              </Text>
            </Stack>
            <DealershipFields bind={unlisted.bind} />
            <Stack gap="5">
              <InputField
                label="Manager's name"
                note="optional"
                autoComplete="off"
                maxLength={120}
                {...unlisted.bind("managerName")}
              />
              <InputField
                label="Manager's work email"
                note="optional"
                type="email"
                inputMode="email"
                autoComplete="off"
                maxLength={254}
                {...unlisted.bind("managerEmail")}
              />
            </Stack>
            <Text fontSize="sm" color="fg.muted">
              Once approved, the manager is invited to run the dealership on KnowBefore and you are invited to
              its team. Leave the manager empty if that is you: then the manager invitation comes to you.
            </Text>
          </Stack>
        ) : null}
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
