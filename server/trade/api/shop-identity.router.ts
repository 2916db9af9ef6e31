// trade_bff/ext/shop_identity: who sells (company, address, ICP number, contact, service QR code),
// set in the back office — an extension of the contract (docs/api.md, decision 061). A backend
// without it answers 404 and the storefront's footer names no company.
import { Router } from "express";
import { z } from "zod";
import type { TradeDeps } from "../deps";
import { publicRead } from "../http/cache-control";
import { parse, send } from "../http/envelope";
import { readIdentity } from "../services/shop-identity.service";

const NoQuery = z.object({}).strict();

export function shopIdentityRouter(deps: TradeDeps) {
  const router = Router();
  router.get("/", publicRead(deps.config.readCacheTtlMs), (req, res) => {
    parse(NoQuery, req.query);
    const identity = readIdentity(deps.store.db);
    send(res, {
      company_name: identity.company,
      company_address: identity.address,
      icp_number: identity.icp,
      contact: identity.contact,
      qr_image: identity.qrImage,
    });
  });
  return router;
}
