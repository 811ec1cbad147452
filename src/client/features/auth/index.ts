// What other features use of sign-in: the second-factor code form (the administrators' sign-in uses it too),
// and the link page's pieces the invitation page shares (its layout, a step's heading, the address in bold).
export { type AuthHighlight, AuthLayout } from "./AuthLayout";
export { SignInAddress, StepHeading } from "./LinkConfirmPanel";
// The `?token=` of a link page, and taking it out of the address bar (application confirmations use it too).
export { useLinkToken } from "./linkRoute";
export { MFA_PROMPT, MfaCodeForm, mfaCodeError } from "./MfaCodeForm";
