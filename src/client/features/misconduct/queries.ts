// What the misconduct screens read, declared once for their routes and components.
import { trpcUtils } from "../../trpc";
import { normaliseTrackingCode, TRACKING_CODE_MIN } from "./trackingCode";

export const misconductQueries = {
  cases: () => trpcUtils.misconduct.cases.queryOptions(),
  /** The report a tracking code names; not asked for while the code is too short to name one. */
  status: (code: string) => {
    const trackingCode = normaliseTrackingCode(code);
    return {
      ...trpcUtils.misconduct.status.queryOptions({ trackingCode }),
      enabled: trackingCode.length >= TRACKING_CODE_MIN,
    };
  },
};
