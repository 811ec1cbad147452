// What other features use of browse: the Browse tab itself, and the salesperson cards with their grid and
// dialogs (the Favorites tab shows saved salespeople the same way).
export { BrowsePanel } from "./BrowsePanel";
export { SalespersonCard } from "./SalespersonCard";
export { SalespersonCardSkeleton } from "./SalespersonCardSkeleton";
export {
  SalespersonGrid,
  SalespersonGridItem,
  SalespersonGridSkeleton,
  useCardDialogs,
} from "./SalespersonGrid";
