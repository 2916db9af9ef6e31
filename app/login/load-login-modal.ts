/**
 * Loads the login modal's code: the layout's overlays when the address opens it, and the header's
 * 登录 link on hover and focus, on the way to a click.
 */
export const loadLoginModal = () => import("./login-modal");
