// The manager's own dealership details (docs/product/dealerships.md#details-the-manager-keeps): street address
// and ZIP code (city, state and map position follow from them), phone, website, time zone, opening hours and
// the logo. The name is shown but not editable: administrators rename dealerships.
import { Button, Checkbox, Flex, HStack, Image, Input, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { checkboxSlotRecipe } from "@chakra-ui/react/theme";
import { type FormEvent, useRef, useState } from "react";
import { LuImageUp } from "react-icons/lu";
import type { DealershipDetails } from "../../../shared/schemas/dealershipDetails";
import { type DealershipHours, WEEKDAYS, type Weekday } from "../../../shared/schemas/dealershipHours";
import { trpc } from "../../trpc";
import { showFailure } from "../../ui/failureToast";
import { InputField } from "../../ui/form";
import { imageFileProblem, uploadImageFile } from "../../ui/imageUpload";
import { SectionCard } from "../../ui/SectionCard";
import { showToast } from "../../ui/toaster";
import { useDraft } from "../../ui/useFormDraft";

type DayDraft = { closed: boolean; open: string; close: string };
type Draft = {
  address: string;
  zipCode: string;
  phoneNumber: string;
  website: string;
  timeZone: string;
  hours: Record<Weekday, DayDraft>;
};

function draftOf(d: DealershipDetails): Draft {
  const hours = Object.fromEntries(
    WEEKDAYS.map((day) => {
      const stated = d.hours?.[day];
      return [
        day,
        stated ? { closed: false, ...stated } : { closed: d.hours !== null, open: "09:00", close: "18:00" },
      ];
    }),
  ) as Record<Weekday, DayDraft>;
  return {
    address: d.address,
    zipCode: d.zipCode,
    phoneNumber: d.phoneNumber ?? "",
    website: d.website ?? "",
    timeZone: d.timeZone,
    hours,
  };
}

function hoursOf(draft: Draft): DealershipHours {
  return Object.fromEntries(
    WEEKDAYS.map((day) => {
      const d = draft.hours[day];
      return [day, d.closed ? null : { open: d.open, close: d.close }];
    }),
  ) as DealershipHours;
}

function LogoField({ details }: { details: DealershipDetails }) {
  const utils = trpc.useUtils();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      showToast({
        title: "Logo not uploaded",
        description:
          problem === "size"
            ? "The image must be under 5 MB."
            : "Please select an image file (JPG, PNG or WebP).",
        variant: "destructive",
      });
      return;
    }
    setBusy(true);
    try {
      await uploadImageFile(file, { url: "/api/manager/dealership/logo" });
      showToast({
        title: "Logo updated",
        description: "Customers see it on your dealership.",
        variant: "success",
      });
      await utils.manager.dealership.invalidate();
    } catch (error) {
      showFailure("Logo not uploaded", error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <HStack gap="4">
      {details.logoUrl ? (
        <Image
          src={details.logoUrl}
          alt={`${details.name} logo`}
          boxSize="16"
          objectFit="contain"
          borderRadius="md"
        />
      ) : (
        <Flex
          boxSize="16"
          align="center"
          justify="center"
          bg="bg.muted"
          borderRadius="md"
          color="fg.muted"
          fontSize="xs"
        >
          No logo
        </Flex>
      )}
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        hidden
        aria-label="Dealership logo file"
        onChange={(e) => void choose(e.target.files?.[0])}
      />
      <Button size="sm" variant="outline" loading={busy} onClick={() => input.current?.click()}>
        <LuImageUp /> {details.logoUrl ? "Change logo" : "Upload logo"}
      </Button>
    </HStack>
  );
}

/** An opening or closing time of a day's hours, named by `label` ("monday opens"). */
function TimeInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (time: string) => void;
}) {
  return (
    <Input
      size="sm"
      type="time"
      w="8.5rem"
      value={value}
      aria-label={label}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

export function DealershipDetailsForm({ details }: { details: DealershipDetails }) {
  const update = trpc.manager.updateDealership.useMutation();
  const { draft, setDraft, field } = useDraft(() => draftOf(details));
  const setDay = (day: Weekday, change: Partial<DayDraft>) =>
    setDraft((d) => ({ ...d, hours: { ...d.hours, [day]: { ...d.hours[day], ...change } } }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const saved = await update.mutateAsync({
        address: draft.address,
        zipCode: draft.zipCode,
        phoneNumber: draft.phoneNumber,
        website: draft.website,
        timeZone: draft.timeZone,
        hours: hoursOf(draft),
      });
      setDraft(draftOf(saved));
      showToast({
        title: "Dealership details saved",
        description: `${saved.city}, ${saved.state} · ${saved.locationPrecision === "zip" ? "map at the ZIP code's area" : "map at the street address"}`,
        variant: "success",
      });
    } catch (error) {
      showFailure("Not saved", error);
    }
  };

  return (
    <SectionCard
      title="Dealership details"
      description={`${details.name} · ${details.city}, ${details.state}. To rename the dealership, contact KnowBefore support.`}
    >
      <Stack as="form" onSubmit={submit} gap="5" aria-label="Dealership details">
        <LogoField details={details} />
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
          <InputField
            label="Street address"
            required
            {...field("address")}
            root={{ gridColumn: { md: "span 2" } }}
          />
          <InputField
            label="ZIP code"
            required
            inputMode="numeric"
            {...field("zipCode")}
            hint="City and state follow from it"
          />
          <InputField label="Phone" note="optional" type="tel" {...field("phoneNumber")} />
          <InputField
            label="Website"
            note="optional"
            type="url"
            placeholder="https://"
            {...field("website")}
          />
          <InputField label="Time zone" {...field("timeZone")} hint="IANA name, e.g. America/Chicago" />
        </SimpleGrid>
        <Stack gap="2" as="fieldset">
          <Text as="legend" fontWeight="semibold" color="ink" mb="2">
            Opening hours
          </Text>
          {WEEKDAYS.map((day) => {
            const d = draft.hours[day];
            return (
              <Flex
                key={day}
                gap={{ base: "2", sm: "4" }}
                align="center"
                wrap="wrap"
                data-testid={`hours-${day}`}
              >
                <Text w="24" textTransform="capitalize" fontSize="sm" color="ink">
                  {day}
                </Text>
                <Checkbox.Root
                  recipe={checkboxSlotRecipe}
                  size="sm"
                  checked={d.closed}
                  onCheckedChange={(e) => setDay(day, { closed: e.checked === true })}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>Closed</Checkbox.Label>
                </Checkbox.Root>
                {d.closed ? null : (
                  <HStack gap="2">
                    <TimeInput
                      label={`${day} opens`}
                      value={d.open}
                      onChange={(open) => setDay(day, { open })}
                    />
                    <Text fontSize="sm" color="fg.muted">
                      to
                    </Text>
                    <TimeInput
                      label={`${day} closes`}
                      value={d.close}
                      onChange={(close) => setDay(day, { close })}
                    />
                  </HStack>
                )}
              </Flex>
            );
          })}
        </Stack>
        <Flex justify="flex-end">
          <Button
            type="submit"
            colorPalette="blue"
            loading={update.isPending}
            w={{ base: "full", sm: "auto" }}
          >
            Save details
          </Button>
        </Flex>
      </Stack>
    </SectionCard>
  );
}
