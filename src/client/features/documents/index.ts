// What other features use of documents: the page that shows one Markdown document (e.g. About), and the
// renderer itself (the admin console previews an edit with it).
export { DocumentPage } from "./DocumentPage";
export { Markdown } from "./Markdown";
