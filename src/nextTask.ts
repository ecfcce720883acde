/**
 * Resolves in a new task of the browser's event loop, so that what follows runs after the browser
 * has had the chance to paint and to answer input. A posted message rather than a timer: a timer in
 * a tab opened in the background is held back.
 */
export function nextTask(): Promise<void> {
  return new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
