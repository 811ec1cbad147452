// What other features use of business intelligence: its URL search params, and the chart parts and number
// formats the feedback charts share.
export { type BiSearch, type BiTab, biSearchSchema } from "./biSearch";
export {
  animation,
  barCursor,
  ChartCard,
  COLORS,
  grid,
  monthAxis,
  monthTitle,
  QUIET_AXIS,
  valueAxis,
} from "./chartParts";
export { count, monthLabel, percent, stars } from "./format";
