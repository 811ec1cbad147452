import { describe, expect, it } from "vitest";
import { IMAGE_UPLOAD_MAX_BYTES } from "../../../../shared/constants";
import {
  checkPhotoFile,
  FILE_TOO_LARGE,
  formatFileSize,
  INVALID_FILE_TYPE,
  problemForStatus,
} from "./photoUpload";

describe("checkPhotoFile", () => {
  it("accepts JPG, PNG and WebP up to 5MB", () => {
    expect(checkPhotoFile({ type: "image/png", size: 1024 })).toBeNull();
    expect(checkPhotoFile({ type: "image/jpeg", size: IMAGE_UPLOAD_MAX_BYTES })).toBeNull();
    expect(checkPhotoFile({ type: "image/webp", size: 10 })).toBeNull();
  });

  it("refuses files that are not images with the spec's text", () => {
    expect(checkPhotoFile({ type: "text/html", size: 10 })).toEqual(INVALID_FILE_TYPE);
    expect(checkPhotoFile({ type: "", size: 10 })).toEqual(INVALID_FILE_TYPE);
    expect(INVALID_FILE_TYPE.description).toBe("Please select an image file (JPG, PNG, etc.)");
  });

  it("refuses images over 5MB with the spec's text", () => {
    expect(checkPhotoFile({ type: "image/png", size: IMAGE_UPLOAD_MAX_BYTES + 1 })).toEqual(FILE_TOO_LARGE);
    expect(FILE_TOO_LARGE.description).toBe("Please select an image smaller than 5MB");
  });
});

describe("problemForStatus", () => {
  it("maps the server's refusals onto the spec's toasts", () => {
    expect(problemForStatus(413).title).toBe("File Too Large");
    expect(problemForStatus(415).title).toBe("Invalid File Type");
    expect(problemForStatus(500)).toEqual({ title: "Upload Failed", description: "Failed to upload image" });
  });
});

describe("formatFileSize", () => {
  it("reads as KB or MB", () => {
    expect(formatFileSize(2048)).toBe("2 KB");
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe("1.5 MB");
  });
});
