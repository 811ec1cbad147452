// What a route shows while its loader runs, for every route. Route definitions load with every page (the
// landing page included, which has a JavaScript budget), so the frame and its placeholders load only when
// one is first shown, which the router waits a moment before doing.
import { lazy, Suspense } from "react";

const RoutePendingFrame = lazy(() => import("./RoutePendingFrame"));

export function RoutePending() {
  return (
    <Suspense fallback={null}>
      <RoutePendingFrame />
    </Suspense>
  );
}
