// The support phone line the e2e server is configured with (scripts/e2e-server.ts sets SUPPORT_PHONE to it), so
// the journeys that check what the pages promise compare them with the configuration.
export const E2E_SUPPORT_PHONE = "+1 (555) 010-0199";
