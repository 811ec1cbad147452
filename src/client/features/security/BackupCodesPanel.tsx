// New backup codes, shown once: all of them with "Download codes" and "Copy", plus (docs/product/security.md#backup-codes) a
// notice with the first three for ten seconds.
import { Alert, Box, Button, HStack, List, Stack, Text } from "@chakra-ui/react";
import { LuDownload } from "react-icons/lu";
import { CopyButton } from "../../ui/CopyButton";
import { saveFile } from "../../ui/download";
import { showToast } from "../../ui/toaster";

/** docs/product/security.md#backup-codes: the backup-codes notice shows 3 codes for 10 seconds. */
export const BACKUP_NOTICE_CODES = 3;
export const BACKUP_NOTICE_MS = 10_000;

export function announceBackupCodes(codes: readonly string[], title: string): void {
  const shown = codes.slice(0, BACKUP_NOTICE_CODES).join(", ");
  const more = codes.length - BACKUP_NOTICE_CODES;
  showToast({
    title,
    description: `Backup codes: ${shown}${more > 0 ? ` and ${more} more on the page` : ""}. Save them now: they are shown only once.`,
    variant: "success",
    duration: BACKUP_NOTICE_MS,
  });
}

function codesText(codes: readonly string[]): string {
  return [
    "KnowBefore backup codes",
    `Created ${new Date().toISOString().slice(0, 10)}`,
    "",
    "Each code works once, in place of the code from your authenticator app.",
    "",
    ...codes,
    "",
  ].join("\n");
}

function downloadCodes(codes: readonly string[]): void {
  saveFile(new Blob([codesText(codes)], { type: "text/plain;charset=utf-8" }), "knowbefore-backup-codes.txt");
}

export function BackupCodesPanel({
  codes,
  intro,
  onDone,
}: {
  codes: readonly string[];
  intro: string;
  onDone: () => void;
}) {
  return (
    <Stack
      as="section"
      aria-labelledby="backup-codes-title"
      layerStyle="panel"
      borderColor="green.200"
      boxShadow="xs"
      gap="4"
      p={{ base: "4", md: "6" }}
    >
      <Stack gap="1">
        <Text as="h3" id="backup-codes-title" fontSize="lg" fontWeight="semibold" color="ink">
          Your backup codes
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {intro}
        </Text>
      </Stack>
      <Alert.Root status="warning" borderRadius="lg">
        <Alert.Indicator />
        <Alert.Description>
          These codes are shown only once. Save them somewhere safe now: each works one time, in place of a
          code from your app, if you lose your phone.
        </Alert.Description>
      </Alert.Root>
      <Box layerStyle="inset" p="4" maxW="lg">
        <List.Root
          listStyleType="none"
          display="grid"
          gridTemplateColumns={{ base: "1fr", sm: "repeat(2, minmax(0, 1fr))" }}
          gap="2"
          aria-label="Backup codes"
        >
          {codes.map((code) => (
            <List.Item key={code} fontFamily="mono" fontSize="md" color="ink" data-testid="backup-code">
              {code}
            </List.Item>
          ))}
        </List.Root>
      </Box>
      <HStack gap="2" wrap="wrap">
        <Button size="sm" colorPalette="blue" onClick={() => downloadCodes(codes)}>
          <LuDownload /> Download codes
        </Button>
        <CopyButton text={codes.join("\n")} label="Copy" />
        <Button size="sm" variant="ghost" ms={{ sm: "auto" }} onClick={onDone}>
          I've saved them
        </Button>
      </HStack>
    </Stack>
  );
}
