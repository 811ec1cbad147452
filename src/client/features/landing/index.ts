// What other features use of the landing page: the headline figures, repeated on the marketing pages.
export { HeadlineStats } from "./HeadlineStats";
