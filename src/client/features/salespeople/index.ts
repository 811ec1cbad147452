// What other features use of a salesperson's profile: the certification lines (the salesperson's own
// profile card, the manager's certification queue).
export { CertificationLines } from "./CertificationLines";
