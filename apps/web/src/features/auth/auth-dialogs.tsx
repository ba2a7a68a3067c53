import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getBrand } from '../../lib/brands';
import { lazyScreen } from '../../lib/lazy';

// The dialogs, with antd and its theme, load when first opened, not with the sign-in screen.
const AntdScope = lazyScreen(async () => ({ default: (await import('../../lib/antd-scope')).AntdScope }));
const ChangePasswordDialog = lazyScreen(async () => ({ default: (await import('./change-password-dialog')).ChangePasswordDialog }));
const CancellationDialog = lazyScreen(async () => ({ default: (await import('./cancellation-dialog')).CancellationDialog }));

type Open = 'password' | 'cancel' | undefined;

/** The sign-in screen's "change password" and "account cancellation request" links. */
export function AuthLinks({ captchaEnabled }: { captchaEnabled: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Open>();
  const close = () => setOpen(undefined);
  return (
    <>
      <nav className="auth-links">
        <button type="button" className="link-button" onClick={() => setOpen('password')} data-testid="open-change-password">
          {t('login.changePassword')}
        </button>
        <span aria-hidden>·</span>
        <button type="button" className="link-button" onClick={() => setOpen('cancel')} data-testid="open-cancellation">
          {t('login.cancelAccount')}
        </button>
      </nav>
      {open && (
        <Suspense fallback={null}>
          <AntdScope primary={getBrand().colors.primary}>
            {open === 'password' && <ChangePasswordDialog open onClose={close} onChanged={close} />}
            {open === 'cancel' && <CancellationDialog open captchaEnabled={captchaEnabled} onClose={close} onCancelled={close} />}
          </AntdScope>
        </Suspense>
      )}
    </>
  );
}
