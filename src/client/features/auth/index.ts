// What other features use of sign-in: the second-factor code form (the administrators' sign-in uses it too).

// The `?token=` of a link page, and taking it out of the address bar (application confirmations use it too).
export { useLinkToken } from "./linkRoute";
export { MFA_PROMPT, MfaCodeForm, mfaCodeError } from "./MfaCodeForm";
