// What buyers said, for the manager dashboard's Feedback tab and the salesperson dashboard's own feedback (the
// dashboards' loaders ask through ./feedbackQuery, a light module, for the same first answers).
export { FeedbackPanel } from "./FeedbackPanel";
