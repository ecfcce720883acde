/**
 * Names the iframes that video hosts' players (YouTube, Vimeo…) draw inside their element's shadow
 * root, where the page's own markup cannot reach: a frame without a title is announced as "frame"
 * and nothing more. Watches `container` for as long as it lives, since the players appear once
 * their code has loaded and may replace their iframe when the video changes. Returns the cleanup.
 */
export function titleEmbeddedFrames(container: HTMLElement, title: string): () => void {
  const watched = new WeakSet<ShadowRoot>();
  const observer = new MutationObserver(() => apply(container));
  function apply(root: ParentNode) {
    for (const frame of root.querySelectorAll('iframe')) {
      if (frame.getAttribute('title') !== title) frame.setAttribute('title', title);
    }
    for (const element of root.querySelectorAll('*')) {
      const shadow = element.shadowRoot;
      if (!shadow) continue;
      if (!watched.has(shadow)) {
        watched.add(shadow);
        observer.observe(shadow, { childList: true, subtree: true });
      }
      apply(shadow);
    }
  }
  observer.observe(container, { childList: true, subtree: true });
  apply(container);
  return () => observer.disconnect();
}
