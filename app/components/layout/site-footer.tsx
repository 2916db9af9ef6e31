import { tapTarget } from "~/components/ui/button";
import { useShopHref } from "~/hooks/use-shop-href";
import { ShopImage } from "~/components/shop-image";
import { SHOP_NAME, type ShopIdentity } from "~/content/seller";

const POLICIES = [
  { to: "/protocols/privacy", label: "隐私政策" },
  { to: "/protocols/user", label: "用户协议" },
  { to: "/protocols/logistics", label: "退换货政策" },
  { to: "/protocols/cookies", label: "Cookie 政策" },
  { to: "/protocols/virtual-shipment", label: "虚拟商品发货政策" },
];

/** The seller's lines are the operator's settings (decision 061): a line nobody set is left out. */
export function SiteFooter({ showIcp, identity }: { showIcp: boolean; identity: ShopIdentity }) {
  const shopHref = useShopHref();
  return (
    <footer className="mt-16 border-t max-sm:order-last border-surface-line bg-surface-footer text-sm text-ink-muted">
      <div className="mx-auto grid max-w-shop gap-8 px-4 py-10 md:grid-cols-[1fr_auto]">
        <div className="space-y-4">
          <nav aria-label="政策与协议">
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              {POLICIES.map((p) => (
                <li key={p.to}>
                  <a href={shopHref(p.to)} target="_blank" rel="noopener" className={`hover:text-primary-400 ${tapTarget}`}>
                    {p.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {identity.company || identity.contact ? (
            <p className="leading-relaxed">
              {identity.company ? `本站所售数字商品由${identity.company}授权销售。` : null}
              {identity.contact ? `商务合作请联系：${identity.contact}。` : null}
            </p>
          ) : null}
          {identity.address ? <p>{`公司地址：${identity.address}`}</p> : null}
          <p>
            © 2024 {SHOP_NAME} 版权所有
            {showIcp && identity.icp ? (
              <>
                {" · "}
                <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer" className="hover:text-primary-400">
                  {identity.icp}
                </a>
              </>
            ) : null}
          </p>
        </div>
        {identity.qrImage ? (
          <figure className="flex flex-col items-center gap-2">
            <ShopImage src={identity.qrImage} width={96} height={96} alt="客服微信二维码" loading="lazy" className="rounded bg-white p-1" />
            <figcaption className="text-xs">扫码添加客服微信</figcaption>
          </figure>
        ) : null}
      </div>
    </footer>
  );
}
