// What a route shows when its loader (or page) fails, for every route: a missing thing, or a failed load with
// "Try again". Words that differ per page come from the route's `staticData` (see routerContext.ts).

import { useQueryErrorResetBoundary } from "@tanstack/react-query";
import { type ErrorComponentProps, useMatch, useRouter } from "@tanstack/react-router";
import { LuSearchX } from "react-icons/lu";
import { ErrorKind } from "../../shared/errorCodes";
import type { RouteStateWords } from "../routerContext";
import { apiErrorCode } from "../trpc";
import { GreyPage } from "./layout/PageFrame";
import { HomeButton } from "./links";
import { LoadError, Notice, panelNotice } from "./QueryState";
import { useDocumentTitle } from "./useDocumentTitle";

function useRouteWords(): RouteStateWords {
  return useMatch({ strict: false, select: (match) => match.staticData }) ?? {};
}

/** The thing a route shows is not there (its id is malformed, or the server answered NOT_FOUND). */
export function RouteMissing() {
  const words = useRouteWords();
  const title = words.missingTitle ?? "Not Found";
  useDocumentTitle(title);
  return (
    <GreyPage>
      <Notice
        icon={LuSearchX}
        title={title}
        titleAs="h1"
        description={
          words.missingDescription ?? "What you are looking for doesn't exist or is no longer here."
        }
        {...panelNotice(false)}
        py="16"
      >
        <HomeButton colorPalette="blue" />
      </Notice>
    </GreyPage>
  );
}

/**
 * A route whose loader (or page) failed: NOT_FOUND reads as missing, anything else as a failed load whose
 * "Try again" clears the failed queries and runs the route's loader again.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queryReset = useQueryErrorResetBoundary();
  const words = useRouteWords();
  const missing = apiErrorCode(error) === ErrorKind.NOT_FOUND;
  const title = words.loadErrorTitle ?? "We couldn't load this page";
  useDocumentTitle(missing ? (words.missingTitle ?? "Not Found") : title);
  if (missing) return <RouteMissing />;
  return (
    <GreyPage>
      <LoadError
        role="alert"
        title={title}
        titleAs="h1"
        description="We couldn't reach the server. Check your connection and try again."
        onRetry={() => {
          queryReset.reset();
          reset();
          void router.invalidate();
        }}
        borderStyle="solid"
        py="16"
      />
    </GreyPage>
  );
}
