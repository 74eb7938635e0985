import { escapeHtml } from '../../http/escape-html';
import { renderLoginPage, renderLogoutPage, renderMessagePage, renderRegisterPage } from './interaction-views';

const chrome = { productName: 'Y<S>M', stylesheetUrl: '/oidc/assets/interaction.css', homeUrl: 'http://localhost:5173' };

describe('interaction views', () => {
  it('escapes every character that could break out of text or an attribute', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&\``)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&#96;');
    expect(escapeHtml(undefined)).toBe('');
  });

  it('escapes echoed values and the product name on every page', () => {
    const hostile = '"><img src=x onerror=alert(1)>';
    const pages = [
      renderLoginPage({ chrome, actionUrl: '/a', loginUrl: '/l', registerUrl: '/r', login: hostile, error: hostile }),
      renderRegisterPage({
        chrome,
        actionUrl: '/a',
        loginUrl: '/l',
        registerUrl: '/r',
        values: { email: hostile, username: hostile },
        fieldErrors: { email: hostile },
      }),
      renderMessagePage({ chrome, title: hostile, message: hostile, link: { href: hostile, label: hostile } }),
    ];
    for (const html of pages) {
      expect(html).not.toContain('<img');
      expect(html).not.toContain('Y<S>M');
      expect(html).toContain('Y&lt;S&gt;M');
      expect(html).not.toMatch(/<script|<style|style=/);
    }
  });

  it('links every field to its label, hint and error', () => {
    const html = renderRegisterPage({
      chrome,
      actionUrl: '/a',
      loginUrl: '/l',
      registerUrl: '/r',
      fieldErrors: { username: 'Username must be 3 to 30 letters, digits, dots, dashes or underscores.' },
    });
    expect(html).toContain('<label for="field-username">Username</label>');
    expect(html).toMatch(/id="field-username"[^>]*aria-invalid="true"[^>]*aria-describedby="field-username-error"/);
    expect(html).not.toContain('id="field-username-hint"');
    expect(html).toMatch(/id="field-password"[^>]*aria-describedby="field-password-hint"/);
    expect(html).toContain('<p class="field-error" id="field-username-error">');
    expect(html).toContain('<label for="field-confirmPassword">Confirm password</label>');
    // The first invalid field takes the focus.
    expect(html).toMatch(/id="field-username"[^>]*autofocus/);
    expect(html).not.toMatch(/id="field-email"[^>]*autofocus/);
  });

  it("wraps oidc-provider's logout form with buttons that submit it", () => {
    const form = '<form id="op.logoutForm" method="post" action="/oidc/session/end/confirm"><input type="hidden" name="xsrf" value="t"/></form>';
    const html = renderLogoutPage({ chrome, providerFormHtml: form, formId: 'op.logoutForm' });
    expect(html).toContain(form);
    expect(html).toContain('<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Yes, sign me out</button>');
  });
});
