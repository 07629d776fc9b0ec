import { useId, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import BsForm from 'react-bootstrap/Form';
import { useNavigate } from 'react-router-dom';
import { DIALOG_TEXT } from '@contracts/api/messages';
import type { LoginRequest, Token } from '@contracts/api/entities';
import { SiteFooter } from '@/components/layout/site-footer';
import { HOME_PATH } from '@/config/paths';
import { APP_NAME, LOGIN_TEXT } from '@/config/texts';
import { isNetworkFailure, toApiFailure } from '@/lib/api/errors';
import { dialogs, textToHtml } from '@/lib/dialogs/dialog-service';
import { storeToken } from '@/lib/session/session-thunks';
import { useAppDispatch } from '@/lib/store/hooks';
import { useLoginMutation } from '../api/auth-api';
import './login-screen.css';

/**
 * Login (01 §2.1): user name and password with no client-side checks (a plain form: the form
 * library is left to the wizards' chunks). A 200 keeps the token
 * (cookie and session) and opens the journal dashboard; a failure shows "Error: {errorCode}"
 * with the server's message and one OK button.
 */
export function LoginScreen() {
  const [login, { isLoading: submitting }] = useLoginMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const usernameId = useId();
  const passwordId = useId();
  const headingId = useId();
  const newsId = useId();

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
    dispatch(storeToken(token));
    void navigate(HOME_PATH, { replace: true });
  }

  function showForgotPassword() {
    void dialogs.info(LOGIN_TEXT.forgotPasswordTitle, LOGIN_TEXT.forgotPasswordMessage);
  }

  return (
    <div className="login-page d-flex flex-column min-vh-100 bg-body-tertiary">
      <main className="container flex-grow-1 py-5">
        <div className="row g-4 justify-content-center align-items-start">
          <section className="col-md-6 col-lg-5" aria-labelledby={headingId}>
            <Card className="shadow-sm">
              <Card.Body className="p-4">
                <p className="h4 mb-1">{APP_NAME}</p>
                <h1 id={headingId} className="h5 mb-4 text-body-secondary">
                  {LOGIN_TEXT.heading}
                </h1>
                <form
                  onSubmit={(event) => void onSubmit(event)}
                  noValidate
                  aria-labelledby={headingId}
                >
                  <BsForm.Group className="mb-3" controlId={usernameId}>
                    <BsForm.Label>{LOGIN_TEXT.username}</BsForm.Label>
                    <BsForm.Control name="username" type="text" autoComplete="username" />
                  </BsForm.Group>
                  <BsForm.Group className="mb-3" controlId={passwordId}>
                    <BsForm.Label>{LOGIN_TEXT.password}</BsForm.Label>
                    <BsForm.Control
                      name="password"
                      type="password"
                      autoComplete="current-password"
                    />
                  </BsForm.Group>
                  <div className="d-flex align-items-center justify-content-between gap-2">
                    <Button type="submit" variant="primary" disabled={submitting}>
                      {LOGIN_TEXT.submit}
                    </Button>
                    <Button variant="link" className="px-0" onClick={showForgotPassword}>
                      {LOGIN_TEXT.forgotPassword}
                    </Button>
                  </div>
                </form>
              </Card.Body>
            </Card>
          </section>
          <aside className="col-md-6 col-lg-4" aria-labelledby={newsId}>
            <Card className="news-panel shadow-sm">
              <Card.Body className="p-4">
                <h2 id={newsId} className="h6 text-uppercase text-body-secondary">
                  {LOGIN_TEXT.newsHeading}
                </h2>
                <h3 className="h5">{LOGIN_TEXT.newsTitle}</h3>
                <p className="mb-0">{LOGIN_TEXT.newsBody}</p>
              </Card.Body>
            </Card>
          </aside>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
