// Who may open a page that is for a dealership's manager and for administrators (business intelligence, CRM
// integrations): signed-out visitors are asked to sign in, everyone else who manages no dealership is told who
// it is for. The server scopes every call on its own; this only chooses what to show.
import { Box, type BoxProps, Button, Center, EmptyState, Flex, Skeleton, Stack } from "@chakra-ui/react";
import { emptyStateSlotRecipe } from "@chakra-ui/react/theme";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { IconType } from "react-icons";
import { LuLogIn, LuShieldX } from "react-icons/lu";
import { trpc } from "../trpc";
import { SelectField } from "./form";
import { AppShell } from "./layout/AppShell";
import { PageBand } from "./layout/PageBand";
import { PageFrame } from "./layout/PageFrame";
import { HomeButton } from "./links";
import { useSession } from "./session";
import { useDocumentTitle } from "./useDocumentTitle";

/** A whole page that only says why it is closed, with what to do next. */
export function GateNotice({
  icon: GateIcon,
  iconColor,
  title,
  description,
  children,
}: {
  icon: IconType;
  iconColor: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <PageFrame>
      <Center flex="1" px="4" py="20">
        <EmptyState.Root
          recipe={emptyStateSlotRecipe}
          maxW="md"
          bg="white"
          borderWidth="1px"
          borderRadius="2xl"
          boxShadow="sm"
        >
          <EmptyState.Content>
            <EmptyState.Indicator color={iconColor}>
              <GateIcon />
            </EmptyState.Indicator>
            <Stack textAlign="center" gap="1">
              <EmptyState.Title as="h1">{title}</EmptyState.Title>
              <EmptyState.Description>{description}</EmptyState.Description>
            </Stack>
            <Flex gap="3" wrap="wrap" justify="center">
              {children}
            </Flex>
          </EmptyState.Content>
        </EmptyState.Root>
      </Center>
    </PageFrame>
  );
}

/** A signed-in page while the session is read: the app's frame and a placeholder for the page's title. */
export function SessionLoading() {
  return (
    <AppShell>
      <Box role="status" aria-busy="true" aria-label="Loading">
        <PageBand pt="7" pb="5">
          <Skeleton height="8" width="72" />
        </PageBand>
      </Box>
    </AppShell>
  );
}

/** "Access Denied", saying who the page is for, with the way home. */
export function AccessDenied({
  description,
  pageDescription,
}: {
  description: string;
  pageDescription?: string;
}) {
  useDocumentTitle("Access Denied", pageDescription);
  return (
    <GateNotice icon={LuShieldX} iconColor="red.500" title="Access Denied" description={description}>
      <HomeButton colorPalette="blue" />
    </GateNotice>
  );
}

/**
 * A page asking a signed-out visitor to sign in through the salesperson portal (where a dealership's and a dealer
 * group's people sign in), `children` the other ways in.
 */
export function PortalSignIn({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children?: ReactNode;
}) {
  return (
    <GateNotice icon={LuLogIn} iconColor="blue.600" title={title} description={description}>
      <Button asChild colorPalette="blue">
        <Link to="/salesperson-login">
          <LuLogIn /> Sign In
        </Link>
      </Button>
      {children}
    </GateNotice>
  );
}

/**
 * A ManagerOrAdminGate's page for signed-out visitors: managers sign in through the salesperson portal,
 * administrators through the admin console. `title` says what signing in is for.
 */
export function ManagerOrAdminSignIn({
  title,
  pageTitle,
  pageDescription,
}: {
  title: string;
  pageTitle: string;
  pageDescription?: string;
}) {
  useDocumentTitle(pageTitle, pageDescription);
  return (
    <PortalSignIn
      title={title}
      description="Dealership managers sign in through the salesperson portal; administrators through the admin console."
    >
      <Button asChild variant="outline">
        <Link to="/admin/login">Administrator sign-in</Link>
      </Button>
    </PortalSignIn>
  );
}

/**
 * The page for a dealership's manager or an administrator; `signIn` for signed-out visitors, "Access Denied"
 * (saying `deniedDescription`) for anyone else. `children` gets whether the user is an administrator.
 */
export function ManagerOrAdminGate({
  signIn,
  deniedDescription,
  pageDescription,
  children,
}: {
  signIn: ReactNode;
  deniedDescription: string;
  /** The page's meta description, kept on its "Access Denied" page. */
  pageDescription?: string;
  children: (isAdmin: boolean) => ReactNode;
}) {
  const { user, isLoading } = useSession();
  if (isLoading) return <SessionLoading />;
  if (!user) return <>{signIn}</>;
  const isAdmin = user.role === "admin";
  if (!isAdmin && user.managedDealershipId == null) {
    return <AccessDenied description={deniedDescription} pageDescription={pageDescription} />;
  }
  return <AppShell>{children(isAdmin)}</AppShell>;
}

export type DealershipChoice = { id: number; name: string };

/** Administrators: the dealerships to pick from, from the admin console's list; null for everyone else. */
export function useDealershipChoices(enabled: boolean): DealershipChoice[] | null {
  const list = trpc.admin.dealerships.useQuery({ pageSize: 100 }, { enabled });
  return enabled ? (list.data?.items.map((d) => ({ id: d.id, name: d.name })) ?? []) : null;
}

/** An administrator's choice of one dealership, or all of them (no id). */
export function DealershipPicker({
  dealerships,
  value,
  onChange,
  size,
  ...box
}: {
  dealerships: DealershipChoice[];
  value: number | undefined;
  onChange: (dealershipId: number | undefined) => void;
  size?: "sm";
} & Omit<BoxProps, "onChange">) {
  return (
    <Box {...box}>
      <SelectField
        label="Dealership"
        labelSize="sm"
        size={size}
        emptyLabel="All dealerships"
        options={dealerships.map((d) => ({ value: String(d.id), label: d.name }))}
        value={value === undefined ? "" : String(value)}
        onChange={(e) => {
          const picked = e.currentTarget.value;
          onChange(picked ? Number(picked) : undefined);
        }}
      />
    </Box>
  );
}
