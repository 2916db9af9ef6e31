// An image an operator uploads (a goods cover, the service QR code; issue 39, decision 061). Only a
// real PNG, JPEG, WebP or GIF is kept: its type is read from its first bytes, never from the
// upload's name or Content-Type, and SVG (which can carry script) is refused. It is written under
// media/uploads/ with a random name and the extension of the type found, so the upload's own name
// or path never reaches the disk or a page.
import { randomUUID } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { IMAGE_MAX_BYTES } from "../../../shared/back-office";

const UPLOADS = "uploads";

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image type these bytes are, by their signature; null for anything else. */
export function imageType(bytes: Uint8Array): "png" | "jpg" | "webp" | "gif" | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpg";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  return null;
}

export class ImageRefused extends Error {}

/** Checks and writes the image; answers its /media/ address. Throws ImageRefused (nothing written). */
export function saveUploadedImage(mediaDir: string, bytes: Uint8Array): { path: string; remove(): void } {
  if (!bytes.length) throw new ImageRefused("请选择一张图片");
  if (bytes.length > IMAGE_MAX_BYTES) {
    throw new ImageRefused(`图片过大（${(bytes.length / 1024 / 1024).toFixed(1)} MB）：最大 ${IMAGE_MAX_BYTES / 1024 / 1024} MB`);
  }
  const type = imageType(bytes);
  if (!type) throw new ImageRefused("不是图片：只能上传 PNG、JPEG、WebP 或 GIF 图片");
  const name = `${randomUUID()}.${type}`;
  const dir = join(mediaDir, UPLOADS);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, name);
  writeFileSync(file, bytes, { flag: "wx" });
  return { path: `/media/${UPLOADS}/${name}`, remove: () => rmSync(file, { force: true }) };
}
