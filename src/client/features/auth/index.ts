// What other features use of sign-in: the second-factor code form (the administrators' sign-in uses it too).
export { MFA_PROMPT, MfaCodeForm, mfaCodeError } from "./MfaCodeForm";
