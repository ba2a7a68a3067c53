/**
 * Toasts from anywhere, including code outside React (HTTP clients, session hand-off).
 * antd's message API loads on the first toast, so the sign-in screen does not carry it.
 * Tests replace the notifier.
 */
export interface Notifier {
  error: (text: string) => void;
  success: (text: string) => void;
}

const antdMessage = () => import('antd/es/message').then((m) => m.default);

let current: Notifier = {
  error: (text) =>
    void antdMessage().then(
      (message) => message.error(text),
      () => console.error(text),
    ),
  success: (text) =>
    void antdMessage().then(
      (message) => message.success(text),
      () => console.info(text),
    ),
};

export const setNotifier = (notifier: Notifier) => {
  current = notifier;
};
export const notify: Notifier = {
  error: (text) => current.error(text),
  success: (text) => current.success(text),
};
