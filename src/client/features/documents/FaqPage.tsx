import { Accordion, Heading, Stack } from "@chakra-ui/react";
import { type InfoAction, InfoPage } from "../../ui/InfoPage";
import { PageFrame } from "../../ui/layout/PageFrame";

export type FaqEntry = { q: string; a: string };

export function FaqPage({
  title,
  lead,
  entries,
  actions,
}: {
  title: string;
  lead: string;
  entries: readonly FaqEntry[];
  actions: readonly InfoAction[];
}) {
  return (
    <PageFrame>
      <InfoPage eyebrow="Help centre" title={title} lead={lead} actions={actions}>
        <Stack gap="4" maxW="3xl">
          <Heading as="h2" size="lg" color="ink">
            Questions and answers
          </Heading>
          <Accordion.Root
            collapsible
            multiple
            variant="enclosed"
            defaultValue={entries[0] ? [entries[0].q] : []}
          >
            {entries.map((entry) => (
              <Accordion.Item key={entry.q} value={entry.q}>
                <Accordion.ItemTrigger fontWeight="semibold">
                  {entry.q}
                  <Accordion.ItemIndicator />
                </Accordion.ItemTrigger>
                <Accordion.ItemContent>
                  <Accordion.ItemBody color="fg.muted">{entry.a}</Accordion.ItemBody>
                </Accordion.ItemContent>
              </Accordion.Item>
            ))}
          </Accordion.Root>
        </Stack>
      </InfoPage>
    </PageFrame>
  );
}
