// What other features use of documents: the page that shows one Markdown document (e.g. About).
export { DocumentPage } from "./DocumentPage";
