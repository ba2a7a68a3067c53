import { RouterProvider } from 'react-router';
import { router } from './router';

/**
 * The root: only the router. antd's providers wrap the parts that use antd (lib/antd-scope),
 * so the sign-in screen loads without the component library.
 */
export function App() {
  return <RouterProvider router={router} />;
}
