import { Box, Button, Flex, Image, Stack } from "@chakra-ui/react";
import { LuDownload, LuPrinter } from "react-icons/lu";
import { type EmbedTarget, sharePath } from "../../../shared/embed";
import { links } from "../../../shared/links";
import { CopyButton } from "../../ui/CopyButton";
import { InputField } from "../../ui/form";
import { SectionCard } from "../../ui/SectionCard";

/** The public page's address on this site (the app is served from APP_URL, the origin of the page). */
export function publicPageUrl(target: EmbedTarget): string {
  const path =
    "dealership" in target ? links.dealership(target.dealership) : links.salesperson(target.salesperson);
  return new URL(path, window.location.origin).toString();
}

function fileStem(target: EmbedTarget): string {
  return "dealership" in target
    ? `knowbefore-${target.dealership}`
    : `knowbefore-salesperson-${target.salesperson}`;
}

/**
 * The public page's share link with a copy button, and its QR code (drawn by the server from the same address)
 * to download as SVG or PNG, or to print on a page with the name and rating.
 */
export function ShareCard({ target, name }: { target: EmbedTarget; name: string }) {
  const url = publicPageUrl(target);
  return (
    <SectionCard
      title="Share link and QR code"
      description="Send buyers to your public page: copy the link, or print the QR code for your desk or window."
    >
      <Flex gap="2" wrap="wrap" align="flex-end">
        <InputField
          label="Your public page"
          value={url}
          readOnly
          root={{ flex: "1 1 14rem", minW: "0" }}
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton text={url} label="Copy link" copiedLabel="Link copied" />
      </Flex>
      <Flex gap="5" wrap="wrap" align="center">
        <Box borderWidth="1px" borderColor="border.muted" borderRadius="md" bg="white" p="2">
          <Image
            src={sharePath(target, "qr.svg")}
            alt={`QR code of ${name}'s page on KnowBefore`}
            boxSize="40"
            data-testid="share-qr"
          />
        </Box>
        <Stack gap="2" align="flex-start">
          <Button asChild size="sm" variant="outline">
            <a href={sharePath(target, "qr.svg")} download={`${fileStem(target)}-qr.svg`}>
              <LuDownload aria-hidden /> Download SVG
            </a>
          </Button>
          <Button asChild size="sm" variant="outline">
            <a href={sharePath(target, "qr.png")} download={`${fileStem(target)}-qr.png`}>
              <LuDownload aria-hidden /> Download PNG
            </a>
          </Button>
          <Button asChild size="sm" variant="outline">
            <a href={sharePath(target, "print")} target="_blank" rel="noopener">
              <LuPrinter aria-hidden /> Printable page
            </a>
          </Button>
        </Stack>
      </Flex>
    </SectionCard>
  );
}
