// A public page's form with a card of short notes beside it (the contact details, what happens after one
// applies); the card goes under the form on phones.
import { Card, Grid, Heading, HStack, Icon, Stack, Text, type TextProps } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { IconType } from "react-icons";

/** A note's bold title over its one muted sentence. */
export function TitledLine({ title, text, ...titleStyle }: { title: string; text: string } & TextProps) {
  return (
    <Stack gap="0">
      <Text fontWeight="semibold" {...titleStyle}>
        {title}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {text}
      </Text>
    </Stack>
  );
}

export function FormWithNotes({
  form,
  id,
  heading,
  notes,
}: {
  form: ReactNode;
  /** The id of the card's heading, which names the card. */
  id: string;
  heading: string;
  notes: readonly { icon: IconType; title: string; text: string }[];
}) {
  return (
    <Grid templateColumns={{ base: "1fr", lg: "minmax(0, 2fr) minmax(0, 1fr)" }} gap="8" alignItems="start">
      {form}
      <Card.Root
        as="section"
        aria-labelledby={id}
        borderRadius="2xl"
        borderColor="border.muted"
        boxShadow="none"
        bg="band"
      >
        <Card.Body p="6" gap="5">
          <Heading as="h2" id={id} size="md" color="ink">
            {heading}
          </Heading>
          {notes.map((note) => (
            <HStack key={note.title} align="flex-start" gap="3">
              <Icon color="brand.fg" boxSize="5" mt="0.5" flexShrink={0}>
                <note.icon />
              </Icon>
              <TitledLine title={note.title} text={note.text} fontSize="sm" />
            </HStack>
          ))}
        </Card.Body>
      </Card.Root>
    </Grid>
  );
}
