import * as shape from "../../../shared/schemas/texting";
import { customer, taggedRouter } from "../../trpc/procedures";
import { confirmTextCode, requestTextCode, textingStatusOf, withdrawTextConsent } from "./consent";

export const textingRouter = taggedRouter("Texting", {
  /** The caller's number for texts and its state; `available` says whether this server sends texts at all. */
  status: customer.query(shape.textingStatus, (ctx) => textingStatusOf(ctx), {
    rest: "GET /texting",
    description:
      "The caller's mobile number for visit reminders and salesperson replies by text, and its state. `available` is false when this server has no text provider configured.",
  }),
  /** Sends a six-digit code to the number; texts start once it is entered. */
  requestCode: customer.mutation(shape.requestTextCodeInput, shape.textingStatus, requestTextCode, {
    rest: "POST /texting/code",
    description:
      "Body `{ phone, timeZone? }`. Texts a six-digit code to the number (valid 10 minutes). 503 TEXTING_NOT_CONFIGURED when texts are off, 409 TEXTS_STOPPED when the number texted STOP, 429 RATE_LIMITED beyond 3 codes per 10 minutes per account or number.",
    limit: {
      perAddress: { capacity: 10, refillSeconds: 60 },
      perAccount: { capacity: 10, refillSeconds: 60 },
    },
  }),
  /** Confirms the number with the code it received. */
  confirm: customer.mutation(shape.confirmTextCodeInput, shape.textingStatus, confirmTextCode, {
    rest: "POST /texting/confirm",
    description:
      "Body `{ code }`. 400 WRONG_TEXT_CODE for a wrong code (5 tries), 400 TEXT_CODE_EXPIRED when none is waiting.",
    limit: {
      perAddress: { capacity: 20, refillSeconds: 60 },
      perAccount: { capacity: 20, refillSeconds: 60 },
    },
  }),
  /** Turns texts off from the website (STOP by text does the same). */
  withdraw: customer.mutation(shape.textingStatus, (ctx) => withdrawTextConsent(ctx), {
    rest: "DELETE /texting",
    description: "Stops every text to the caller's number until a new code is entered.",
    limit: { perAccount: { capacity: 20, refillSeconds: 60 } },
  }),
});
