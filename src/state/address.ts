/** The page's address, as the workspace and the start read and clear it. */
export interface Address {
  /** The whole address (share links are made from it). */
  href(): string;
  /** Its `#…`. */
  hash(): string;
  setHash(hash: string): void;
  /** Clears the hash without a history entry or a hashchange event. */
  clearHash(): void;
}

export const pageAddress: Address = {
  href: () => location.href,
  hash: () => location.hash,
  setHash: (hash) => {
    location.hash = hash;
  },
  clearHash: () => history.replaceState(history.state, '', location.pathname + location.search),
};
