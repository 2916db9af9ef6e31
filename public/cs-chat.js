// Demo stand-in for the customer-service chat script (CS_CHAT_SCRIPT_URL): a small bubble that
// shows the service hours. A real provider's script replaces this file through configuration.
(function () {
  if (document.getElementById("cs-chat")) return;
  var bubble = document.createElement("button");
  bubble.id = "cs-chat";
  bubble.type = "button";
  bubble.textContent = "在线客服";
  bubble.setAttribute("aria-label", "在线客服");
  bubble.style.cssText =
    "position:fixed;right:16px;bottom:24px;z-index:30;height:44px;padding:0 16px;border:0;border-radius:22px;background:#C84800;color:#fff;font:500 14px/44px sans-serif;box-shadow:0 6px 20px rgba(0,0,0,.4);cursor:pointer";
  bubble.addEventListener("click", function () {
    window.alert("在线客服（演示）：服务时间 每天 9:00-23:00，请描述您的问题。");
  });
  document.body.appendChild(bubble);
})();
