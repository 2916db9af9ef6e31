// The shop's identity (issue 39, decision 061): the company that sells, its address, the ICP
// filing number, a contact and the service QR code, kept in shop_settings and edited in the back
// office. Nothing is made up: a key nobody set reads "" and the storefront leaves that line out.
import type { DbTx } from "../../../db/client";
import type { ShopIdentity } from "../../../shared/back-office";
import { readSetting, writeSetting } from "./shop-settings.service";

const KEYS: Record<keyof ShopIdentity, string> = {
  company: "identity.company",
  address: "identity.address",
  icp: "identity.icp",
  contact: "identity.contact",
  qrImage: "identity.qr_image",
};

export function readIdentity(db: DbTx): ShopIdentity {
  const read = (key: keyof ShopIdentity) => readSetting(db, KEYS[key]) ?? "";
  return { company: read("company"), address: read("address"), icp: read("icp"), contact: read("contact"), qrImage: read("qrImage") };
}

export function writeIdentity(db: DbTx, identity: ShopIdentity, now: number): void {
  for (const key of Object.keys(KEYS) as (keyof ShopIdentity)[]) writeSetting(db, KEYS[key], identity[key], now);
}
