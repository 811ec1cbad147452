// A secret the server answers only once (an API key, a webhook signing secret), shown right after it is made:
// the secret with a copy button, what to do with it, and one way out once it is saved. The server keeps only
// a hash or a sealed copy; closing this forgets it here too.
import { Box, Button, Dialog, HStack, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { CopyButton } from "./CopyButton";
import { DialogActions, DialogFrame, DialogHeading } from "./dialog";

export function SecretOnceDialog({
  open,
  onClose,
  title,
  subtitle,
  secret,
  secretLabel,
  secretTestId,
  copyLabel,
  copiedLabel,
  doneLabel,
  before,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  subtitle: string;
  secret: string;
  /** The small heading over the secret ("API key"). */
  secretLabel: string;
  secretTestId?: string;
  copyLabel: string;
  copiedLabel?: string;
  /** The closing button's label ("I've saved the key"). */
  doneLabel: string;
  /** Shown above the secret (e.g. a warning that it will not be shown again). */
  before?: ReactNode;
  /** Shown below the secret: how to use it. */
  children?: ReactNode;
}) {
  return (
    <DialogFrame open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      {open ? (
        <>
          <DialogHeading title={title} subtitle={subtitle} />
          <Dialog.Body>
            <Stack gap="5">
              {before}
              <Stack gap="3" p="4" borderRadius="xl" bg="blue.50" borderWidth="1px" borderColor="blue.200">
                <Text fontSize="xs" fontWeight="semibold" color="blue.800" textTransform="uppercase">
                  {secretLabel}
                </Text>
                <Text
                  fontFamily="mono"
                  fontSize="sm"
                  color="ink"
                  overflowWrap="anywhere"
                  data-testid={secretTestId}
                >
                  {secret}
                </Text>
                <HStack>
                  <CopyButton text={secret} label={copyLabel} copiedLabel={copiedLabel} />
                </HStack>
              </Stack>
              {children}
            </Stack>
          </Dialog.Body>
          <DialogActions>
            <Button colorPalette="blue" onClick={onClose}>
              {doneLabel}
            </Button>
          </DialogActions>
        </>
      ) : null}
    </DialogFrame>
  );
}

/**
 * A titled block of code with a copy button: `description` above the code, `children` below it. `wrap` breaks
 * long lines (a command); otherwise the block scrolls sideways and can take focus to be scrolled by keyboard.
 */
export function CodeSample({
  title,
  code,
  label,
  copyLabel,
  copiedLabel,
  wrap = false,
  testId,
  description,
  children,
}: {
  title: string;
  code: string;
  /** The code block's accessible name. */
  label: string;
  copyLabel: string;
  copiedLabel?: string;
  wrap?: boolean;
  testId?: string;
  description?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Stack gap="2">
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Text as="h3" fontWeight="semibold" color="ink">
          {title}
        </Text>
        <CopyButton text={code} label={copyLabel} copiedLabel={copiedLabel} />
      </HStack>
      {description}
      <Box
        as="pre"
        fontFamily="mono"
        fontSize="xs"
        bg="gray.900"
        color="gray.100"
        p="4"
        borderRadius="lg"
        whiteSpace={wrap ? "pre-wrap" : undefined}
        overflowWrap={wrap ? "anywhere" : undefined}
        overflowX={wrap ? undefined : "auto"}
        tabIndex={wrap ? undefined : 0}
        aria-label={label}
        data-testid={testId}
      >
        <code>{code}</code>
      </Box>
      {children}
    </Stack>
  );
}
