// Revenue Analytics: the platform's recurring revenue, payments, churn and lifetime value, and the last 6
// months of payments by plan. Administrators only; a manager is told where their own plan and invoices are.
import { Button } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import {
  LuBadgeDollarSign,
  LuCircleAlert,
  LuCreditCard,
  LuReceipt,
  LuRepeat,
  LuTrendingDown,
  LuUsers,
  LuWallet,
} from "react-icons/lu";
import { type AnalyticsPeriod, LIFETIME_VALUE_MONTHS } from "../../../shared/analytics";
import type { PaymentTrend, RevenueAnalytics } from "../../../shared/schemas/analytics";
import { trpc } from "../../trpc";
import { Notice, panelNotice } from "../../ui/QueryState";
import { RevenueByPlanChart } from "./charts";
import { DemoDataNote } from "./DemoDataNote";
import { count, money, percent, previousPeriodLabel, signedPercent } from "./format";
import { type Metric, MetricGrid } from "./MetricTile";
import { countColumn, moneyColumn, monthColumn, TableCard, type TableColumn } from "./TableCard";
import { CardRow, KEEP_PREVIOUS, TabQuery } from "./TabQuery";

function metrics(data: RevenueAnalytics): Metric[] {
  return [
    {
      label: "Monthly recurring revenue",
      value: money(data.monthlyRecurringRevenue),
      help: "Monthly equivalent of active subscriptions",
      icon: LuRepeat,
      palette: "teal",
    },
    {
      label: "Active subscriptions",
      value: count(data.activeSubscriptions),
      icon: LuUsers,
      palette: "blue",
    },
    {
      label: "Revenue in period",
      value: money(data.totalRevenue),
      change:
        data.revenueGrowthRate === null
          ? null
          : { text: signedPercent(data.revenueGrowthRate), direction: data.revenueGrowthRate },
      help: `${data.revenueGrowthRate === null ? "Nothing in" : "vs"} ${previousPeriodLabel(data.window.period)}${data.revenueGrowthRate === null ? " to compare with" : ""}`,
      icon: LuBadgeDollarSign,
      palette: "green",
    },
    {
      label: "Payments",
      value: count(data.paymentCount),
      help: "Paid in the period",
      icon: LuReceipt,
      palette: "purple",
    },
    {
      label: "Failed payments",
      value: count(data.failedPayments),
      help: "In the period",
      icon: LuCircleAlert,
      palette: data.failedPayments > 0 ? "red" : "gray",
    },
    {
      label: "Churn rate",
      value: percent(data.churnRate),
      help: "Cancelled among subscriptions active at the start",
      icon: LuTrendingDown,
      palette: "orange",
    },
    {
      label: "Customer lifetime value",
      value: money(data.customerLifetimeValue),
      help: `Average paid per paying subscription over ${LIFETIME_VALUE_MONTHS} months`,
      icon: LuWallet,
      palette: "green",
    },
  ];
}

const MONTH_COLUMNS: TableColumn<PaymentTrend>[] = [
  monthColumn(),
  moneyColumn("Revenue (USD)", (r) => r.total_revenue),
  countColumn("Payments", (r) => r.payment_count),
];

type PlanRow = RevenueAnalytics["planMix"][number];
const PLAN_COLUMNS: TableColumn<PlanRow>[] = [
  { header: "Plan", csv: (r) => r.name },
  countColumn("Active subscriptions", (r) => r.activeSubscriptions),
  moneyColumn("MRR (USD)", (r) => r.monthlyRecurringRevenue),
];

/** What a manager sees: revenue analytics are the platform's; their own plan is elsewhere. */
export function RevenueForManagers() {
  return (
    <Notice
      icon={LuCreditCard}
      iconColor="blue.600"
      title="Revenue analytics are for administrators"
      titleAs="h3"
      description="Revenue analytics cover the whole platform's subscriptions and payments, so only KnowBefore's administrators see them. Your dealership's own plan and invoices are on the dealer subscription page."
      contentMaxW="lg"
      {...panelNotice(false)}
    >
      <Button asChild colorPalette="blue" size="sm">
        <Link to="/dealer-subscription">Your plan and invoices</Link>
      </Button>
    </Notice>
  );
}

export function RevenueTab({ period, onAsOf }: { period: AnalyticsPeriod; onAsOf: (at: Date) => void }) {
  const query = trpc.analytics.revenue.useQuery({ period }, KEEP_PREVIOUS);
  return (
    <TabQuery
      query={query}
      subject="revenue analytics"
      tiles={4}
      onAsOf={onAsOf}
      notice={(data) =>
        data.hasPayments ? null : (
          <Notice
            icon={LuReceipt}
            title="No payments have been recorded yet"
            titleAs="h3"
            description={`Revenue figures start with the first paid invoice. ${count(data.activeSubscriptions)} subscription${data.activeSubscriptions === 1 ? " is" : "s are"} active now.`}
            contentMaxW="lg"
            {...panelNotice()}
          />
        )
      }
    >
      {(data) => (
        <>
          <DemoDataNote demoData={data.demoData} />
          <MetricGrid label="Revenue figures" metrics={metrics(data)} columns={{ base: 2, md: 3, xl: 4 }} />
          <RevenueByPlanChart trends={data.paymentTrends} />
          <CardRow>
            <TableCard
              title="Payments by month"
              description="Paid invoices of the last 6 months."
              columns={MONTH_COLUMNS}
              rows={data.paymentTrends}
              fileSuffix="last-6-months"
              minW="xs"
            />
            <TableCard
              title="Plan mix"
              description="Active subscriptions and their monthly recurring revenue by plan."
              columns={PLAN_COLUMNS}
              rows={data.planMix}
              fileSuffix={period}
              minW="sm"
            />
          </CardRow>
        </>
      )}
    </TabQuery>
  );
}
