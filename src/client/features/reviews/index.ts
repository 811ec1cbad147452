// What other features use of reviews: the rating dialog (cards, profiles), a profile's reviews, and the
// customer's own reviews (the dashboard's Ratings tab).
export { MyReviewsPanel } from "./MyReviewsPanel";
export { RateSalespersonDialog } from "./RateSalespersonDialog";
export { ReviewsSection } from "./ReviewsSection";
export { useHasVisitToRate } from "./ratableVisits";
