// A dealership's own fields as a person types them (name, street address, ZIP code, phone, website): the
// public "List your dealership" form and a registering salesperson's "my dealership isn't listed" both use them.
import { line } from "./common";

export const requiredLine = (message: string, max: number) =>
  line({ error: message }).min(1, message).max(max);

/**
 * A website as people type it: `example.com` or `https://example.com/…`; stored with its scheme so it is a
 * link. Empty means none.
 */
export const websiteInput = line()
  .max(300, "Website is too long")
  .transform((v) => (v === "" || /^https?:\/\//i.test(v) ? v : `https://${v}`))
  .refine(
    (v) => v === "" || /^https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?([/?#]\S*)?$/i.test(v),
    "Website must be an address like example.com",
  )
  .transform((v) => (v === "" ? null : v))
  .nullable()
  .optional();

export const zipCodeInput = line({ error: "ZIP code is required" })
  .min(1, "ZIP code is required")
  .regex(/^\d{5}(-\d{4})?$/, "ZIP code must look like 12345 or 12345-6789");

/** The dealership's own fields: the public form's and the salesperson registration's "not listed" choice. */
export const dealershipDetailsFields = {
  dealershipName: requiredLine("Dealership name is required", 160),
  address: requiredLine("Street address is required", 200),
  zipCode: zipCodeInput,
  phoneNumber: requiredLine("Phone number is required", 40).regex(
    /^[+()\d\s.-]{7,}$/,
    "Phone number must be digits, e.g. 512-555-0100",
  ),
  website: websiteInput,
};
