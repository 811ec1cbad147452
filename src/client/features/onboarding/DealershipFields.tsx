// A dealership's own fields (name, street address, ZIP code, phone, website), as the public application form
// and a registering salesperson's "my dealership isn't listed" both ask for them.
import { SimpleGrid, Stack } from "@chakra-ui/react";
import type { ChangeEvent, ComponentProps, ReactNode } from "react";
import { InputField } from "../../ui/form";

export type DealershipDraft = {
  dealershipName: string;
  address: string;
  zipCode: string;
  phoneNumber: string;
  website: string;
};

export const EMPTY_DEALERSHIP: DealershipDraft = {
  dealershipName: "",
  address: "",
  zipCode: "",
  phoneNumber: "",
  website: "",
};

type Bound = {
  name: string;
  value: string;
  error: ReactNode;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
};

/** A required US ZIP code, which the city and state come from: the number keypad and postal-code autofill. */
export function ZipCodeField(
  props: Omit<ComponentProps<typeof InputField>, "required" | "inputMode" | "autoComplete" | "maxLength">,
) {
  return <InputField required inputMode="numeric" autoComplete="postal-code" maxLength={10} {...props} />;
}

export function DealershipFields({ bind }: { bind: (key: keyof DealershipDraft) => Bound }) {
  return (
    <Stack gap="5">
      <InputField
        label="Dealership name"
        required
        autoComplete="organization"
        maxLength={160}
        {...bind("dealershipName")}
      />
      <InputField
        label="Street address"
        required
        autoComplete="street-address"
        maxLength={200}
        {...bind("address")}
      />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
        <ZipCodeField label="ZIP code" hint="City and state come from the ZIP code." {...bind("zipCode")} />
        <InputField
          label="Dealership phone"
          required
          type="tel"
          autoComplete="tel"
          maxLength={40}
          {...bind("phoneNumber")}
        />
      </SimpleGrid>
      <InputField
        label="Website"
        note="optional"
        inputMode="url"
        autoComplete="url"
        placeholder="example.com"
        maxLength={300}
        {...bind("website")}
      />
    </Stack>
  );
}
