// What other features use of texting: the booking form's choice to get texts, and the code step after booking.
export { TextCodeStep, TextOptInChoice, useRequestTextCode, useTextingStatus } from "./TextOptIn";
