import { useEffect, useId, useRef, type FormEvent } from 'react';
import { DIALOG_TEXT } from '@contracts/api/messages';
import type { LoginRequest, Token } from '@contracts/api/entities';
import { SiteFooter } from '@/components/layout/site-footer';
import { APP_NAME, LOGIN_TEXT } from '@/config/texts';
import { isNetworkFailure, toApiFailure } from '@/lib/api/errors';
import { dialogs, textToHtml } from '@/lib/dialogs/dialog-service';
import { signIn } from '@/lib/session/session-thunks';
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks';
import { selectSessionEnded } from '@/lib/store/session-slice';
import { useLoginMutation } from '../api/auth-api';
import './login-screen.css';

/**
 * Login (01 §2.1): user name and password with no client-side checks (a plain form: the form
 * library is left to the wizards' chunks). A 200 keeps the token (cookie and session), and the
 * login route then opens the journal dashboard; a failure shows "Error: {errorCode}" with the
 * server's message and one OK button. After a session that ended by itself (expired, revoked) it
 * says so above the form; the same user's sign-in then returns to the screen left (with its
 * unsaved values: lib/session/session-draft.ts).
 *
 * The page's first screen: it renders without the router (app/boot.tsx) and with plain Bootstrap
 * markup, so the main chunk carries neither the router nor react-bootstrap.
 *
 * `replacesScreen`: shown in place of the signed-in screens (a logout, an ended session), whose
 * going took the focus with it; the heading then takes it, as a wizard step's heading does on a
 * step change. The heading also takes it when a dialog's opener is gone (return-focus.ts).
 */
export function LoginScreen({ replacesScreen = false }: { replacesScreen?: boolean }) {
  const [login, { isLoading: submitting }] = useLoginMutation();
  const dispatch = useAppDispatch();
  const ended = useAppSelector(selectSessionEnded);
  const usernameId = useId();
  const passwordId = useId();
  const headingId = useId();
  const newsId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!replacesScreen) return;
    const active = document.activeElement;
    if (active === null || active === document.body)
      heading.current?.focus({ preventScroll: true });
  }, [replacesScreen]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { elements } = event.currentTarget;
    const valueOf = (name: keyof LoginRequest) => {
      const field = elements.namedItem(name);
      return field instanceof HTMLInputElement ? field.value : '';
    };
    const credentials: LoginRequest = {
      username: valueOf('username'),
      password: valueOf('password'),
    };
    let token: Token;
    try {
      token = await login(credentials).unwrap();
    } catch (error) {
      const failure = toApiFailure(error);
      void dialogs.error(
        isNetworkFailure(failure) ? DIALOG_TEXT.errorTitle : `Error: ${failure.errorCode}`,
        textToHtml(failure.errorMessage),
      );
      return;
    }
    dispatch(signIn(token));
  }

  function showForgotPassword() {
    void dialogs.info(LOGIN_TEXT.forgotPasswordTitle, LOGIN_TEXT.forgotPasswordMessage);
  }

  return (
    <div className="login-page d-flex flex-column min-vh-100 bg-body-tertiary">
      <main className="container flex-grow-1 py-5">
        <div className="row g-4 justify-content-center align-items-start">
          <section className="col-md-6 col-lg-5" aria-labelledby={headingId}>
            <div className="card shadow-sm">
              <div className="card-body p-4">
                <p className="h4 mb-1">{APP_NAME}</p>
                <h1
                  ref={heading}
                  id={headingId}
                  className="h5 mb-4 text-body-secondary"
                  tabIndex={-1}
                >
                  {LOGIN_TEXT.heading}
                </h1>
                {ended ? (
                  <div role="status" className="alert alert-warning">
                    {LOGIN_TEXT.sessionEnded}
                  </div>
                ) : null}
                <form
                  onSubmit={(event) => void onSubmit(event)}
                  noValidate
                  aria-labelledby={headingId}
                >
                  <div className="mb-3">
                    <label className="form-label" htmlFor={usernameId}>
                      {LOGIN_TEXT.username}
                    </label>
                    <input
                      className="form-control"
                      id={usernameId}
                      name="username"
                      type="text"
                      autoComplete="username"
                    />
                  </div>
                  <div className="mb-3">
                    <label className="form-label" htmlFor={passwordId}>
                      {LOGIN_TEXT.password}
                    </label>
                    <input
                      className="form-control"
                      id={passwordId}
                      name="password"
                      type="password"
                      autoComplete="current-password"
                    />
                  </div>
                  <div className="d-flex align-items-center justify-content-between gap-2">
                    {/* Unavailable while the sign-in runs, yet focusable (as BusyButton, without
                        react-bootstrap on this screen): a disabled button would lose the focus, and
                        the refused sign-in's dialog would have nothing to give it back to. */}
                    <button
                      type="submit"
                      className={submitting ? 'btn btn-primary disabled' : 'btn btn-primary'}
                      aria-disabled={submitting || undefined}
                      onClick={(event) => {
                        if (submitting) event.preventDefault();
                      }}
                    >
                      {LOGIN_TEXT.submit}
                    </button>
                    <button
                      type="button"
                      className="btn btn-link px-0"
                      onClick={showForgotPassword}
                    >
                      {LOGIN_TEXT.forgotPassword}
                    </button>
                  </div>
                </form>
              </div>
            </div>
          </section>
          <aside className="col-md-6 col-lg-4" aria-labelledby={newsId}>
            <div className="card news-panel shadow-sm">
              <div className="card-body p-4">
                <h2 id={newsId} className="h6 text-body-secondary">
                  {LOGIN_TEXT.newsHeading}
                </h2>
                <h3 className="h5">{LOGIN_TEXT.newsTitle}</h3>
                <p className="mb-0">{LOGIN_TEXT.newsBody}</p>
              </div>
            </div>
          </aside>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
