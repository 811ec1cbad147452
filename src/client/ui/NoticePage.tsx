// A public page that is one notice: where a link from an e-mail lands, or what a signed-out visitor is asked to do.
import { Center, Text } from "@chakra-ui/react";
import type { ComponentProps } from "react";
import { PublicLayout } from "./layout/PublicLayout";
import { Notice } from "./QueryState";

/**
 * A notice card in the middle of a public page, its title the page's h1, its actions under the text. `failure`
 * (what an action's request answered) is announced above the actions.
 */
export function NoticePage({
  failure,
  children,
  ...notice
}: Omit<ComponentProps<typeof Notice>, "titleAs"> & { failure?: string | null }) {
  return (
    <PublicLayout>
      <Center flex="1" px="4" py="20" bg="bg.subtle">
        <Notice
          titleAs="h1"
          maxW="md"
          bg="bg.panel"
          borderWidth="1px"
          borderRadius="2xl"
          boxShadow="sm"
          {...notice}
        >
          {failure ? (
            <Text color="red.600" fontSize="sm" role="alert">
              {failure}
            </Text>
          ) : null}
          {children}
        </Notice>
      </Center>
    </PublicLayout>
  );
}
