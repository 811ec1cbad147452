// What an erasure (erasure.ts) does to each table that holds a person's data, in words, beside the code so a
// new table cannot be forgotten: the erasure tests hold every personal table against this list.

/**
 * What erasure does to each table tied to a person (personalData.ts); a test checks every such table is here.
 * Columns that only hold the subject's id stay: the anonymised account identifies nobody.
 */
export const ERASURE_RULES: Record<string, string> = {
  users: "identifying fields and any suspension reason cleared, e-mail replaced, sign-in disabled",
  salesperson_terms: "search terms of their profile, rebuilt from the anonymised name by its trigger",
  salespeople: "their own profile: name, e-mail, phone, photo and bio replaced; unlinked from the account",
  images: "their profile's photos deleted",
  availability_blocks: "their profile's calendar blocks deleted",
  calendar_feeds: "their profile's calendar feed deleted",
  salesperson_openings: "kept: their profile's open times for the next two weeks (times only)",
  check_in_codes: "kept: an independent profile's random code of one day (its id only, no personal fields)",
  pending_registrations: "their unconfirmed self-registration (and the application it holds) deleted",
  transfer_requests: "their profile's transfer notes cleared",
  appointments: "bookings they made (by account or their e-mail): typed name, phone, e-mail, notes replaced",
  notifications:
    "their own deleted; a salesperson's notices tied to their bookings and conversations redacted",
  crm_sync_logs: "payloads of their bookings and messages (by id) and of their profile redacted",
  messages: "messages they wrote replaced",
  conversations: "kept (ids only); their messages are replaced",
  contact_messages: "messages they sent (by account or their e-mail) replaced",
  sessions: "deleted",
  live_events: "deleted (ids and statuses only; every event is pruned after 24 hours anyway)",
  login_tokens: "links for their e-mail deleted",
  user_mfa: "deleted",
  mfa_backup_codes: "deleted",
  mfa_challenges: "deleted",
  passkeys: "deleted",
  webauthn_challenges: "deleted",
  linked_identities: "deleted",
  api_keys: "deleted",
  favorites: "deleted",
  dealership_members: "deleted: an erased account works for no dealership",
  dealer_group_members: "deleted: an erased account works for no dealer group",
  notification_preferences: "deleted (which notices they chose to receive, and when they unsubscribed)",
  idempotency_claims: "deleted (the answers kept for retries of their requests)",
  waitlist_entries: "deleted",
  invitations: "invitations to their e-mail or profile deleted",
  stripe_customers: "deleted, after the customer is deleted at Stripe",
  subscriptions:
    "their live subscriptions cancelled at Stripe and marked cancelled; unlinked from the account",
  payments: "kept: amounts and invoice numbers of a dealership's or profile's plan, no personal fields",
  security_events: "their address and details cleared",
  audit_log:
    "before/after of entries about their account, profile, bookings or messages cleared; their address cleared",
  gdpr_requests: "stored exports and descriptions cleared",
  misconduct_reports:
    "reports they filed unlinked from the account; reports about a profile stay with the case",
  misconduct_report_events: "kept (ids only)",
  ratings: "kept as anonymous reviews",
  rating_replies: "kept: public replies of the profile, now anonymised",
  rating_flags: "kept (ids only)",
  profile_views: "kept: counted by a hash, no person",
  dealerships: "kept: a business, never changed by a person's erasure",
  dealer_groups: "kept: a business (a group of dealerships); who created it is kept as an id only",
  crm_integrations: "kept (ids only)",
  documents: "kept (ids only)",
  retention_policies: "kept (ids only)",
  retention_runs: "kept (ids only)",
  security_settings: "kept (ids only)",
  erasure_journal: "the erasure is recorded",
  dealership_applications:
    "applications they filed (by e-mail or profile): applicant's name, e-mail and phone replaced",
  certifications: "their profile's certifications deleted",
  contact_replies: "answers to the messages they sent replaced",
  admin_promotions: "kept (ids only)",
  appointment_events:
    "status changes of their bookings kept; notes they wrote (cancellation reasons) cleared",
  visit_disputes: "disputes of their bookings kept; the statements and review requests they wrote cleared",
  purchase_claims: "the vehicles they typed on their purchase claims cleared; the claims stay (ids only)",
  crm_inbound_events: "kept (ids only)",
  text_consents: "deleted (their mobile number, its confirmation and STOP state)",
  text_consent_events: "deleted (their history of consent to texts)",
  text_messages:
    "their own texts deleted; texts that carried the messages they wrote as a salesperson to buyers replaced",
  weekly_reports: "deleted (which weekly reports of a dealership they led were sent to them, and when)",
};
