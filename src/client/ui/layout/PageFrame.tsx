import type { ReactNode } from "react";
import { useSession } from "../session";
import { AppShell } from "./AppShell";
import { PublicLayout } from "./PublicLayout";

/** For pages open to everyone (e.g. a salesperson profile): the app shell when signed in, else the public frame. */
export function PageFrame({ children }: { children: ReactNode }) {
  const { user } = useSession();
  return user ? <AppShell>{children}</AppShell> : <PublicLayout>{children}</PublicLayout>;
}
