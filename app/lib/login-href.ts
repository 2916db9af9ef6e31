// Addresses that open the login modal over a page (spec/01 §2 "Login modal": `?login=captcha|pwd`).
// Kept apart from the modal so the header and the coupon centre link to it without loading it.
import { useLocation } from "@remix-run/react";
import type { LoginTab } from "./login-form";

/** `page?login=tab&redirectTo=…` */
export function loginHref(page: string, tab: LoginTab, redirectTo: string): string {
  const url = new URL(page, "http://shop.local");
  url.searchParams.set("login", tab);
  url.searchParams.set("redirectTo", redirectTo);
  return url.pathname + url.search;
}

/** The header's 登录 link: this page (its query kept) with the modal on top. */
export function useLoginHref(tab: LoginTab = "captcha"): string {
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  search.delete("redirectTo");
  search.set("login", tab);
  return `${location.pathname}?${search}`;
}

/** Starts loading the login modal's code (the header's 登录 link calls it on hover and focus). */
export const loadLoginModal = () => import("~/components/login-modal");
