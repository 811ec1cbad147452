// What buyers said, for the manager dashboard's Feedback tab and the salesperson dashboard's own feedback.
export { FeedbackPanel } from "./FeedbackPanel";
export { feedbackQueries } from "./queries";
