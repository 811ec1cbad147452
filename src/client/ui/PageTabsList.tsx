// The row of icon tabs under a workspace's header (admin console, manager and salesperson dashboards, business
// intelligence). From tablets up the tabs wrap onto a second line rather than run past the edge (the console's
// thirteen do not fit 1280 px); on a phone the row scrolls sideways, and the chosen tab is kept in view (also
// when a page opens on ?tab=… far to the right).
import { Tabs } from "@chakra-ui/react";
import { useEffect, useRef } from "react";
import type { IconType } from "react-icons";

export type PageTabLabel = { label: string; icon: IconType };

export function PageTabsList<T extends string>({
  tabs,
  labels,
  active,
  gap = "1",
}: {
  tabs: readonly T[];
  labels: Readonly<Record<T, PageTabLabel>>;
  /** The chosen tab, so it can be scrolled into view when it changes. */
  active: T;
  /** Space between tabs from the md breakpoint up. */
  gap?: "1" | "2";
}) {
  const listRef = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again whenever the chosen tab changes.
  useEffect(() => {
    const list = listRef.current;
    const selected = list?.querySelector<HTMLElement>("[data-selected]");
    if (!list || !selected || list.scrollWidth <= list.clientWidth) return;
    const listBox = list.getBoundingClientRect();
    const tabBox = selected.getBoundingClientRect();
    list.scrollLeft += tabBox.left - listBox.left - (listBox.width - tabBox.width) / 2;
  }, [active]);
  return (
    <Tabs.List
      ref={listRef}
      borderBottomWidth="0"
      gap={{ base: "0", md: gap }}
      overflowX={{ base: "auto", md: "visible" }}
      flexWrap={{ base: "nowrap", md: "wrap" }}
      scrollbarWidth="none"
      px={{ base: "2", sm: "0" }}
    >
      {tabs.map((value) => {
        const { label, icon: TabIcon } = labels[value];
        return (
          <Tabs.Trigger key={value} value={value} flexShrink={0} px={{ base: "2.5", md: "3" }}>
            <TabIcon aria-hidden /> {label}
          </Tabs.Trigger>
        );
      })}
    </Tabs.List>
  );
}
