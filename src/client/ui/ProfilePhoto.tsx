import { Image, type ImageProps } from "@chakra-ui/react";
import { useState } from "react";
import { FALLBACK_PROFILE_IMAGE } from "../../shared/constants";

/**
 * A salesperson's photo, or the stock placeholder when there is none or it fails to load. `framed` is the
 * portrait of a header: a white border of that width and a shadow, loaded at once.
 */
export function ProfilePhoto({
  src,
  name,
  framed,
  ...rest
}: { src: string | null | undefined; name: string; framed?: "2px" | "3px" | "4px" } & Omit<
  ImageProps,
  "src"
>) {
  const [failed, setFailed] = useState(false);
  const url = !src || failed ? FALLBACK_PROFILE_IMAGE : src;
  const frame = framed
    ? ({
        borderWidth: framed,
        borderColor: "white",
        boxShadow: "sm",
        flexShrink: 0,
        loading: "eager",
      } as const)
    : undefined;
  return (
    <Image
      src={url}
      alt={`Photo of ${name}`}
      objectFit="cover"
      bg="blue.50"
      loading="lazy"
      onError={() => setFailed(true)}
      {...frame}
      {...rest}
    />
  );
}
