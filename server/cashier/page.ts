// The small HTML page of the shop's cashier hops (/mock-pay in the sandbox, /cashier with a real
// provider): plain HTML, no script, so it works without JavaScript.
export function cashierPage(title: string, body: string, label = "收银台") {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title} · ${label}</title>
<style>body{margin:0;background:#161616;color:#f2f2f2;font-family:"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif}main{max-width:420px;margin:48px auto;padding:32px;background:#2c2c2c;border-radius:16px;text-align:center}h1{margin:0 0 8px;font-size:22px}.muted{color:#a6a6a6;font-size:13px}.amount{font-size:40px;font-weight:700;color:#ff6200;margin:12px 0}.qr{width:200px;height:200px;margin:16px auto;background:#fff;border-radius:8px;overflow:hidden}.qr svg,.qr img{display:block;width:200px;height:200px}form{display:flex;flex-direction:column;gap:12px;margin-top:20px}button,a.pay{display:block;border:0;border-radius:999px;padding:12px;font-size:16px;cursor:pointer;text-decoration:none}.pay{background:#ff6200;color:#fff}.fail{background:transparent;color:#a6a6a6;border:1px solid #3d3d3d}.state{font-size:18px;margin:16px 0}a{color:#ff8233}</style></head>
<body><main><h1>${title}</h1>${body}</main></body></html>`;
}
