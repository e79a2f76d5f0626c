/**
 * Full-page navigations, in one object so tests can spy on them (jsdom cannot navigate).
 * In-app moves use React Router; these are for leaving the SPA or starting it afresh.
 */
export const browser = {
  assign(url: string) {
    window.location.assign(url);
  },
  reload() {
    window.location.reload();
  },
};
