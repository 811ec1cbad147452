// A signed-in workspace page: a header band (eyebrow, title, one line about it, or the page's own header), a
// sticky row of icon tabs kept in the URL as ?tab=…, and the tabs' panels below. Every dashboard uses it.
import { Container, Heading, Stack, Tabs, Text } from "@chakra-ui/react";
import { useNavigate, useSearch } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { Eyebrow } from "../Eyebrow";
import { type PageTabLabel, PageTabsList } from "../PageTabsList";
import { PageBand } from "./PageBand";

/**
 * The tab the URL asks for (when the caller may use it, else the first) and a function that opens another; the
 * first tab is the page's plain URL.
 */
export function useSearchTab<T extends string>(
  parse: (search: Record<string, unknown>) => { tab?: T },
  tabs: readonly T[],
): [T, (next: T) => void] {
  const search = parse(useSearch({ strict: false }));
  const navigate = useNavigate();
  const first = tabs[0] as T;
  const tab = search.tab && tabs.includes(search.tab) ? search.tab : first;
  // The route's own search schema checked `tab`; the router types it per route, so widen it here.
  const open = (next: T) =>
    void navigate({
      to: ".",
      search: { tab: next === first ? undefined : next } as Record<string, unknown>,
      replace: true,
    });
  return [tab, open];
}

/** The plain header: eyebrow, the page's h1 and a line about it. */
type PlainHeader = { eyebrow: string; title: string; lead: string; header?: never };
/** A page that draws its own header band (a person's photo, a plan badge, a period control…). */
type OwnHeader = { header: ReactNode; eyebrow?: never; title?: never; lead?: never };

export function TabbedWorkspace<T extends string>({
  tabs,
  labels,
  active,
  onTabChange,
  tabGap,
  stickyTop,
  panels,
  children,
  ...head
}: (PlainHeader | OwnHeader) & {
  tabs: readonly T[];
  labels: Readonly<Record<T, PageTabLabel>>;
  active: T;
  onTabChange: (tab: T) => void;
  tabGap?: "1" | "2";
  /** Where the tab row sticks: under the app's top bar (the default), or "0" on a page without one. */
  stickyTop?: "0" | "16";
  /** Each tab's panel; a tab the page does not offer is skipped. */
  panels?: Partial<Record<T, ReactNode>>;
  /** One `Tabs.Content` per tab, for a page that builds its own (when `panels` is not given). */
  children?: ReactNode;
}) {
  return (
    <>
      {head.header !== undefined ? (
        head.header
      ) : (
        <PageBand pt={{ base: "5", md: "7" }} pb="5">
          <Stack gap="1.5" minW="0">
            <Eyebrow>{head.eyebrow}</Eyebrow>
            <Heading as="h1" size={{ base: "xl", md: "2xl" }} color="ink" letterSpacing="-0.02em">
              {head.title}
            </Heading>
            <Text fontSize="sm" color="fg.muted" maxW="3xl">
              {head.lead}
            </Text>
          </Stack>
        </PageBand>
      )}
      <Tabs.Root
        value={active}
        onValueChange={(e) => onTabChange(e.value as T)}
        variant="line"
        lazyMount
        unmountOnExit
      >
        <PageBand sticky stickyTop={stickyTop} px={{ base: "0", sm: "4", md: "6" }}>
          <PageTabsList tabs={tabs} labels={labels} active={active} gap={tabGap} />
        </PageBand>
        <Container maxW="7xl" py={{ base: "5", md: "8" }}>
          {panels
            ? tabs.map((value) =>
                panels[value] === undefined ? null : (
                  <Tabs.Content key={value} value={value} p="0">
                    {panels[value]}
                  </Tabs.Content>
                ),
              )
            : null}
          {children}
        </Container>
      </Tabs.Root>
    </>
  );
}
