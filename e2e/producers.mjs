// Producers for browser specs: only producers may upload, so upload specs sign up as one first.

/** Signs the signed-in user up as a producer through /Producer-Signup and the local payout onboarding. */
export async function becomeProducer(page, webUrl, apiUrl, account) {
  const suffix = account.username.split('_').pop();
  await page.goto(`${webUrl}/Producer-Signup`);
  const field = (label) => page.getByLabel(new RegExp(`^${label}( \\*)?$`));
  await field('First name').fill('Ada');
  await field('Last name').fill('Lovelace');
  await field('Email').fill(account.email);
  await field('Birth date').fill('1990-04-12');
  await field('Producer name').fill(`E2E ${suffix}`);
  await page.getByRole('button', { name: 'Sign Up as Producer' }).click();
  await page.waitForURL(new RegExp(`^${apiUrl}/local-payouts/.+/onboarding$`));
  await page.getByRole('button', { name: 'Finish onboarding' }).click();
  await page.waitForURL(/\/stripe-connect\/success$/);
  await page.getByText(/onboarding is finished/).waitFor();
}

/** Subscribes the signed-in user to Premium on /subscriptions through the local checkout (uploads that earn need it). */
export async function subscribeToPremium(page, webUrl, apiUrl) {
  await page.goto(`${webUrl}/subscriptions`);
  await page.getByRole('article', { name: 'Premium', exact: true }).getByRole('button', { name: 'Subscribe' }).click();
  await page.waitForURL(new RegExp(`^${apiUrl}/local-checkout/local_cs_`));
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(new RegExp(`^${webUrl}/success\\?session_id=local_cs_`));
  await page.getByText('Your payment was successful!').waitFor({ timeout: 30_000 });
}
