// The "Download CSV" button of a filtered list: it fetches the export route with the list's filters and saves
// the file, and says so in a toast when the server refuses.
import { Button } from "@chakra-ui/react";
import { useState } from "react";
import { LuDownload } from "react-icons/lu";
import { downloadFrom, downloadOrSay } from "./download";

export function DownloadCsvButton({
  path,
  fallbackName,
  disabled,
}: {
  path: string;
  fallbackName: string;
  disabled?: boolean;
}) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    await downloadOrSay("Export failed", () => downloadFrom(path, fallbackName, "The export failed."));
    setDownloading(false);
  };
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => void download()}
      loading={downloading}
      loadingText="Preparing..."
      disabled={disabled}
    >
      <LuDownload /> Download CSV
    </Button>
  );
}
