// What other features use of sharing: a public page's share link and QR code, and the website badge snippets
// (the manager's Dealership tab, a salesperson's Profile tab).
export { ShareCard } from "./ShareCard";
export { WebsiteBadgeCard } from "./WebsiteBadgeCard";
