import { Button, type ButtonProps } from "@chakra-ui/react";

/** A row's or panel's small outlined red button for what removes or ends something: Remove, End session, Deny. */
export function DangerButton(props: ButtonProps) {
  return <Button size="sm" variant="outline" colorPalette="red" {...props} />;
}
