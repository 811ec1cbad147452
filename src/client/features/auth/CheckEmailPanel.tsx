import { Alert, Box, Button, Heading, Link, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { LuMailCheck } from "react-icons/lu";
import { LOGIN_LINK_TTL_MINUTES } from "../../../shared/constants";
import { IconCircle } from "../../ui/Showcase";

/** The dev server answers with the link itself; keep it on the current origin so the dev proxy is used. */
function sameOriginPath(link: string): string {
  try {
    const url = new URL(link, window.location.origin);
    return `${url.pathname}${url.search}`;
  } catch {
    return link;
  }
}

/**
 * "Check your email" after a link was sent: a sign-in link by default; `title` and `children` say what else the
 * link does (a registration's confirms the address), and `resetLabel` names the way back.
 */
export function CheckEmailPanel({
  email,
  magicLink,
  onReset,
  title = "Check your email",
  resetLabel = "Try a different email",
  children,
}: {
  email: string;
  magicLink?: string | undefined;
  onReset: () => void;
  title?: string;
  resetLabel?: string;
  children?: ReactNode;
}) {
  return (
    <Stack gap="6" textAlign="center" align="center" py="4">
      <IconCircle icon={LuMailCheck} bg="green.50" color="green.600" />
      <Stack gap="2">
        <Heading as="h2" size="xl" color="ink">
          {title}
        </Heading>
        {children ?? (
          <Text color="fg.muted">
            We sent a sign-in link to{" "}
            <Text as="span" fontWeight="semibold" color="fg">
              {email}
            </Text>
            . Open it on this device to sign in. The link works once and expires in {LOGIN_LINK_TTL_MINUTES}{" "}
            minutes.
          </Text>
        )}
      </Stack>
      {magicLink ? (
        <Alert.Root status="warning" borderRadius="lg" textAlign="start">
          <Alert.Indicator />
          <Box>
            <Alert.Title>Development mode</Alert.Title>
            <Alert.Description>
              No mail server is configured, so the link is shown here.{" "}
              <Link href={sameOriginPath(magicLink)} fontWeight="semibold" textDecoration="underline">
                Development: open sign-in link
              </Link>
            </Alert.Description>
          </Box>
        </Alert.Root>
      ) : null}
      <Text fontSize="sm" color="fg.muted">
        Nothing arrived? Check your spam folder, or use another address.
      </Text>
      <Button variant="outline" onClick={onReset}>
        {resetLabel}
      </Button>
    </Stack>
  );
}
