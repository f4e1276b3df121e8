/** The browser side effects the behaviours cause, in one object so tests can watch them
 * (jsdom cannot follow a mailto: link or leave the page). */
export const browser = {
  /** Leaves for `url` (a page, or a mailto: link that opens the mail client). */
  assign(url: string): void {
    window.location.href = url;
  },
  alert(message: string): void {
    window.alert(message);
  },
  /** Goes to `url` in the top window when the site is framed and the browser allows it,
   * otherwise in the current one. */
  assignTop(url: string, win: Window = window): void {
    try {
      if (!win.top) throw new Error("no top window");
      win.top.location.href = url;
    } catch {
      win.location.href = url;
    }
  },
};
