/**
 * Server-rendered pages of the built-in identity provider: sign in, create account, messages and
 * sign-out. Plain HTML forms (they work without JavaScript), no inline scripts or styles, every
 * echoed value escaped.
 */
import { escapeHtml } from '../../http/escape-html';

export interface PageChrome {
  readonly productName: string;
  /** URL of the stylesheet (under the provider's mount path). */
  readonly stylesheetUrl: string;
  /** Where the product lives (the web app's origin). */
  readonly homeUrl: string;
}

export type RegisterField = 'email' | 'username' | 'password' | 'confirmPassword';

export interface LoginPageModel {
  readonly chrome: PageChrome;
  readonly actionUrl: string;
  /** This page's own address (the "Sign in" tab). */
  readonly loginUrl: string;
  readonly registerUrl: string;
  readonly login?: string;
  readonly error?: string;
}

export interface RegisterPageModel {
  readonly chrome: PageChrome;
  readonly actionUrl: string;
  /** This page's own address (the "Create account" tab). */
  readonly registerUrl: string;
  readonly loginUrl: string;
  readonly values?: { readonly email?: string; readonly username?: string };
  readonly fieldErrors?: Partial<Record<RegisterField, string>>;
  readonly error?: string;
}

export interface MessagePageModel {
  readonly chrome: PageChrome;
  readonly title: string;
  readonly message: string;
  readonly link?: { readonly href: string; readonly label: string };
}

export interface LogoutPageModel {
  readonly chrome: PageChrome;
  /** oidc-provider's hidden form (its action and anti-forgery token); trusted markup. */
  readonly providerFormHtml: string;
  /** The id of that form, which the buttons submit. */
  readonly formId: string;
}


function layout(chrome: PageChrome, title: string, body: string): string {
  const product = escapeHtml(chrome.productName);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${product}</title>
<link rel="stylesheet" href="${escapeHtml(chrome.stylesheetUrl)}">
</head>
<body>
<main class="shell">
<a class="brand" href="${escapeHtml(chrome.homeUrl)}">${product}</a>
${body}
</main>
</body>
</html>`;
}

function alert(message: string | undefined): string {
  return message ? `<div class="alert" role="alert">${escapeHtml(message)}</div>` : '';
}

function tabs(current: 'login' | 'register', loginUrl: string, registerUrl: string): string {
  const mark = (tab: 'login' | 'register') => (tab === current ? ' aria-current="page"' : '');
  return `<nav class="tabs" aria-label="Sign in or create an account">
<a href="${escapeHtml(loginUrl)}"${mark('login')}>Sign in</a>
<a href="${escapeHtml(registerUrl)}"${mark('register')}>Create account</a>
</nav>`;
}

interface FieldSpec {
  readonly name: string;
  readonly label: string;
  readonly type: string;
  readonly autocomplete: string;
  readonly value?: string;
  readonly error?: string;
  readonly hint?: string;
  readonly autofocus?: boolean;
  readonly extra?: string;
}

function field(input: FieldSpec): string {
  // An error replaces the hint: it says the same, more precisely.
  const spec = input.error ? { ...input, hint: undefined } : input;
  const id = `field-${spec.name}`;
  const described = [spec.hint ? `${id}-hint` : '', spec.error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const attributes = [
    `id="${id}"`,
    `name="${spec.name}"`,
    `type="${spec.type}"`,
    `autocomplete="${spec.autocomplete}"`,
    'required',
    spec.value !== undefined ? `value="${escapeHtml(spec.value)}"` : '',
    spec.error ? 'aria-invalid="true"' : '',
    described ? `aria-describedby="${described}"` : '',
    spec.autofocus ? 'autofocus' : '',
    spec.extra ?? '',
  ].filter(Boolean);
  return `<div class="field">
<label for="${id}">${escapeHtml(spec.label)}</label>
<input ${attributes.join(' ')}>
${spec.hint ? `<p class="hint" id="${id}-hint">${escapeHtml(spec.hint)}</p>` : ''}
${spec.error ? `<p class="field-error" id="${id}-error">${escapeHtml(spec.error)}</p>` : ''}
</div>`;
}

/** The sign-in form: email or username and password. */
export function renderLoginPage(model: LoginPageModel): string {
  const product = model.chrome.productName;
  const body = `<section class="card" aria-labelledby="page-title">
${tabs('login', model.loginUrl, model.registerUrl)}
<h1 id="page-title">Sign in to ${escapeHtml(product)}</h1>
<p class="lead">Welcome back. Sign in to make and play beats.</p>
${alert(model.error)}
<form method="post" action="${escapeHtml(model.actionUrl)}" novalidate>
${field({ name: 'login', label: 'Email or username', type: 'text', autocomplete: 'username', value: model.login ?? '', autofocus: !model.login, extra: 'maxlength="254" autocapitalize="none" spellcheck="false"' })}
${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', autofocus: Boolean(model.login), extra: 'maxlength="128"' })}
<button type="submit">Sign in</button>
</form>
<p class="switch">New to ${escapeHtml(product)}? <a href="${escapeHtml(model.registerUrl)}">Create an account</a></p>
</section>`;
  return layout(model.chrome, 'Sign in', body);
}

/** The registration form: email, username, password twice. */
export function renderRegisterPage(model: RegisterPageModel): string {
  const product = model.chrome.productName;
  const errors = model.fieldErrors ?? {};
  const firstInvalid = (['email', 'username', 'password', 'confirmPassword'] as const).find((name) => errors[name]);
  const body = `<section class="card" aria-labelledby="page-title">
${tabs('register', model.loginUrl, model.registerUrl)}
<h1 id="page-title">Create your ${escapeHtml(product)} account</h1>
<p class="lead">It takes a few seconds. We then mail you a link to confirm your address: your free tokens start when you open it.</p>
${alert(model.error ?? (firstInvalid ? 'Please correct the highlighted fields.' : undefined))}
<form method="post" action="${escapeHtml(model.actionUrl)}" novalidate>
${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: model.values?.email ?? '', error: errors.email, autofocus: !firstInvalid || firstInvalid === 'email', extra: 'maxlength="254" autocapitalize="none" spellcheck="false"' })}
${field({ name: 'username', label: 'Username', type: 'text', autocomplete: 'username', value: model.values?.username ?? '', error: errors.username, hint: '3 to 30 letters, digits, dots, dashes or underscores.', autofocus: firstInvalid === 'username', extra: 'minlength="3" maxlength="30" autocapitalize="none" spellcheck="false"' })}
${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', error: errors.password, hint: 'At least 8 characters, not a common password.', autofocus: firstInvalid === 'password', extra: 'minlength="8" maxlength="128"' })}
${field({ name: 'confirmPassword', label: 'Confirm password', type: 'password', autocomplete: 'new-password', error: errors.confirmPassword, autofocus: firstInvalid === 'confirmPassword', extra: 'minlength="8" maxlength="128"' })}
<button type="submit">Create account</button>
</form>
<p class="switch">Already have an account? <a href="${escapeHtml(model.loginUrl)}">Sign in</a></p>
</section>`;
  return layout(model.chrome, 'Create account', body);
}

/** A short message with an optional way on (expired sign-in page, provider errors, signed out). */
export function renderMessagePage(model: MessagePageModel): string {
  const link = model.link ? `<p class="switch"><a href="${escapeHtml(model.link.href)}">${escapeHtml(model.link.label)}</a></p>` : '';
  const body = `<section class="card" aria-labelledby="page-title">
<h1 id="page-title">${escapeHtml(model.title)}</h1>
<p class="lead">${escapeHtml(model.message)}</p>
${link}
</section>`;
  return layout(model.chrome, model.title, body);
}

/** The sign-out confirmation oidc-provider shows when a signed-in browser asks to sign out. */
export function renderLogoutPage(model: LogoutPageModel): string {
  const form = escapeHtml(model.formId);
  const body = `<section class="card" aria-labelledby="page-title">
<h1 id="page-title">Sign out of ${escapeHtml(model.chrome.productName)}?</h1>
<p class="lead">You will need your password to sign in again.</p>
${model.providerFormHtml}
<button type="submit" form="${form}" name="logout" value="yes" autofocus>Yes, sign me out</button>
<button type="submit" form="${form}" class="secondary">No, stay signed in</button>
</section>`;
  return layout(model.chrome, 'Sign out', body);
}

export interface DeviceCodePageModel {
  readonly chrome: PageChrome;
  /** Where the code is posted (the provider's code verification endpoint). */
  readonly actionUrl: string;
  /** The provider's anti-forgery value for this browser. */
  readonly xsrf: string;
  readonly code?: string;
  readonly error?: string;
}

export interface DeviceConfirmPageModel {
  readonly chrome: PageChrome;
  readonly clientName: string;
  readonly userCode: string;
  /** What the tool asks for, in plain words. */
  readonly scopes: readonly { readonly name: string; readonly description: string }[];
  /** oidc-provider's hidden confirmation form (its action and anti-forgery token); trusted markup. */
  readonly providerFormHtml: string;
  readonly formId: string;
}

/** The device authorization grant's first page: type the code a command-line tool shows. */
export function renderDeviceCodePage(model: DeviceCodePageModel): string {
  const body = `<section class="card" aria-labelledby="page-title">
<h1 id="page-title">Connect a device</h1>
<p class="lead">Enter the code your command-line tool or plugin shows.</p>
${alert(model.error)}
<form method="post" action="${escapeHtml(model.actionUrl)}" novalidate>
<input type="hidden" name="xsrf" value="${escapeHtml(model.xsrf)}">
${field({ name: 'user_code', label: 'Code', type: 'text', autocomplete: 'off', value: model.code ?? '', autofocus: true, hint: 'For example BDWP-HQPK.', extra: 'maxlength="20" autocapitalize="characters" spellcheck="false"' })}
<button type="submit">Continue</button>
</form>
</section>`;
  return layout(model.chrome, 'Connect a device', body);
}

/** The device authorization grant's approval: the tool, its code, and what it may do. */
export function renderDeviceConfirmPage(model: DeviceConfirmPageModel): string {
  const form = escapeHtml(model.formId);
  const scopes = model.scopes.length
    ? `<ul class="scopes">${model.scopes.map((s) => `<li><strong>${escapeHtml(s.name)}</strong>: ${escapeHtml(s.description)}</li>`).join('\n')}</ul>`
    : '<p class="lead">It asks only to know who you are.</p>';
  const body = `<section class="card" aria-labelledby="page-title">
<h1 id="page-title">Allow ${escapeHtml(model.clientName)}?</h1>
<p class="lead">Check that your device shows this code: <strong class="user-code">${escapeHtml(model.userCode)}</strong></p>
<p>If you allow it, it may act for you:</p>
${scopes}
<p class="hint">It can never change your account, billing or access tokens. If you did not start this, choose Deny.</p>
${model.providerFormHtml}
<button type="submit" form="${form}" autofocus>Allow</button>
<button type="submit" form="${form}" class="secondary" name="abort" value="yes">Deny</button>
</section>`;
  return layout(model.chrome, 'Allow device', body);
}
