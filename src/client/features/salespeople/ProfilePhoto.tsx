import { Image, type ImageProps } from "@chakra-ui/react";
import { useState } from "react";
import { FALLBACK_PROFILE_IMAGE } from "../../../shared/constants";

/** A salesperson's photo, or the stock placeholder when there is none or it fails to load. */
export function ProfilePhoto({
  src,
  name,
  ...rest
}: { src: string | null | undefined; name: string } & Omit<ImageProps, "src">) {
  const [failed, setFailed] = useState(false);
  const url = !src || failed ? FALLBACK_PROFILE_IMAGE : src;
  return (
    <Image
      src={url}
      alt={`Photo of ${name}`}
      objectFit="cover"
      bg="blue.50"
      loading="lazy"
      onError={() => setFailed(true)}
      {...rest}
    />
  );
}
