// What an empty console list says: one pair of words when there is nothing at all, another when the search or
// a filter finds nothing.
import type { ReactNode } from "react";
import type { IconType } from "react-icons";
import { Notice, panelNotice } from "../../ui/QueryState";

/** An empty list's words: with nothing at all, and when the search or a filter finds nothing. */
export type EmptyWords = {
  icon: IconType;
  iconColor?: string;
  title: [none: string, noMatch: string];
  description: [none: string, noMatch: string];
};

export function isEmptyWords(empty: ReactNode | EmptyWords): empty is EmptyWords {
  return typeof empty === "object" && empty !== null && "icon" in empty && "title" in empty;
}

export function EmptyNotice({ words, noMatch }: { words: EmptyWords; noMatch: boolean }) {
  const which = noMatch ? 1 : 0;
  return (
    <Notice
      icon={words.icon}
      iconColor={words.iconColor}
      title={words.title[which]}
      description={words.description[which]}
      {...panelNotice()}
    />
  );
}
