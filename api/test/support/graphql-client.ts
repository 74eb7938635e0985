/** Sends one GraphQL operation over HTTP, as a third-party tool would. */
export async function graphql<T = Record<string, unknown>>(
  url: string,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<{ status: number; data?: T; errors?: { message: string; extensions?: { code?: string } }[] }> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string; extensions?: { code?: string } }[] };
  return { status: response.status, ...body };
}

/** Sends a GraphQL multipart request (the upload spec) with one file bound to `variables.<fileVariable>`. */
export async function graphqlUpload<T = Record<string, unknown>>(
  url: string,
  query: string,
  variables: Record<string, unknown>,
  file: { variable: string; bytes: Uint8Array; name: string; type: string },
  token?: string,
  headers: Record<string, string> = { 'apollo-require-preflight': 'true' },
) {
  const form = new FormData();
  form.append('operations', JSON.stringify({ query, variables: { ...variables, [file.variable]: null } }));
  form.append('map', JSON.stringify({ 0: [`variables.${file.variable}`] }));
  form.append('0', new Blob([file.bytes], { type: file.type }), file.name);
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: form,
  });
  const text = await response.text();
  let body: { data?: T; errors?: { message: string; extensions?: { code?: string } }[] };
  try {
    body = JSON.parse(text);
  } catch {
    body = { errors: [{ message: text }] };
  }
  return { status: response.status, ...body };
}
