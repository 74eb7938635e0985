// The api's REST paths from browser specs (setup the page under test does not cover).
import assert from 'node:assert/strict';

/** A POST of JSON as `token`'s user that must answer 201 Created (the message names the path and the answer). */
export function restPoster(apiUrl, token) {
  return async (path, body) => {
    const response = await fetch(`${apiUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    assert.equal(response.status, 201, `${path}: ${response.status} ${await response.text()}`);
  };
}
