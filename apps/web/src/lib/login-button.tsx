import { Button } from '@pca/ui/button/button.tsx';
import { apiPaths } from '@pca/contracts/paths.ts';
import { startLogin } from './login.ts';

/**
 * The Login button: a form sending the browser to sign-in. It works on a prerendered page before its script has
 * run (the browser submits the form itself), and through startLogin once hydrated
 * (docs/decisions/076-prerendered-shell.md).
 */
export function LoginButton() {
  return (
    <form
      action={apiPaths.login}
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        startLogin();
      }}
    >
      <Button type="submit">Login</Button>
    </form>
  );
}
