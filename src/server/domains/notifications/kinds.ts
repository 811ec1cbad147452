// The e-mails a person gets that the product does not need them to read (no booking, sign-in, security or account
// mail): each kind is named once here, so that a way to turn one off has a single name to read. None can be turned
// off yet; invitations to review have their own one-click stop (appointments/reviewInvitations.ts).
export const NON_ESSENTIAL_MAIL = {
  /** The weekly report to those who lead a dealership (manager/weeklyReport.ts). */
  weeklyReport: "weekly_report",
} as const;

export type NonEssentialMail = (typeof NON_ESSENTIAL_MAIL)[keyof typeof NON_ESSENTIAL_MAIL];
