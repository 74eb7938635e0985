import { Link } from 'react-router-dom';
import { useRuntimeConfig } from '../../../app/config/RuntimeConfigProvider';
import { paths } from '../../../app/router/paths';
import { CodeBlock } from '../../../ui/code-block/CodeBlock';
import { InfoPage, InfoSection } from '../../info-pages/components/InfoPage';
import {
  deviceFlowCurl,
  exampleClientRun,
  firstQueryCurl,
  firstQueryTypeScript,
  generateCurl,
  generateTypeScript,
  restCurl,
  restTypeScript,
  type ApiAddresses,
} from '../developer-examples';
import { ERRORS, LIMITS, REST_PATHS, SCOPES, STAGES } from '../developer-reference';
import './DevelopersGuide.css';
import { TableScroll } from '../../../ui/table-scroll/TableScroll';

/** /developers: the public API, from a first token to a generated beat. */
export function DevelopersGuide() {
  const config = useRuntimeConfig();
  const api: ApiAddresses = { apiUrl: config.apiUrl, graphqlUrl: config.graphqlUrl, graphqlWsUrl: config.graphqlWsUrl };
  return (
    <InfoPage
      wide
      eyebrow="Developers"
      title="Build with the API"
      lead={
        <p>
          Everything {config.productName} does goes through one API: GraphQL over HTTP and WebSocket, and REST paths.
          Create an access token, send your first query, and generate a beat from a script while its stages arrive live.
        </p>
      }
    >
      <InfoSection id="tokens" title="1. Create an access token">
        <p>
          Sign in, open <Link to={paths.accountProfile}>My Account</Link> and go to <strong>Access tokens</strong>. Name
          the token, tick the scopes it needs and, if you like, an expiry in days. The secret starts with{' '}
          <code>bp_pat_</code> and is <strong>shown once</strong>: store it like a password. Revoke a token there at any
          time; it stops working at once.
        </p>
        <p>
          Send it on every request as <code>Authorization: Bearer bp_pat_…</code>. A token acts as you, within its
          scopes; admin rights are never granted to a token. You may hold 50 active tokens.
        </p>
        <TableScroll label="Scopes table" className="developers-table-wrap">
          <table className="developers-table">
            <caption>Scopes</caption>
            <thead>
              <tr>
                <th scope="col">Scope</th>
                <th scope="col">Lets the token</th>
              </tr>
            </thead>
            <tbody>
              {SCOPES.map((s) => (
                <tr key={s.scope}>
                  <td><code>{s.scope}</code></td>
                  <td>{s.grants}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        <p>
          Tokens are also managed through the API, with a signed-in browser session rather than a token: GraphQL{' '}
          <code>createAccessToken(input: {'{'} name, scopes, expiresInDays {'}'})</code>, <code>accessTokens</code> and{' '}
          <code>revokeAccessToken(id)</code>, or REST <code>GET /access-tokens</code>, <code>POST /access-tokens</code>{' '}
          and <code>DELETE /access-tokens/:id</code>.
        </p>
        <h3 className="developers-subtitle">Command-line tools: sign in without pasting a token</h3>
        <p>
          A tool can use the OAuth device authorization grant of the built-in sign-in: it posts to the provider&apos;s
          device authorization endpoint, shows the user a short code and an address to approve it at, then polls the
          token endpoint until it receives an access token.
        </p>
        <CodeBlock label="Device authorization (curl)" code={deviceFlowCurl(api)} />
      </InfoSection>

      <InfoSection id="endpoints" title="2. Endpoints">
        <dl className="developers-endpoints">
          <dt>GraphQL over HTTP</dt>
          <dd><code>POST {api.graphqlUrl}</code></dd>
          <dt>GraphQL subscriptions</dt>
          <dd>
            <code>{api.graphqlWsUrl}</code>, the <code>graphql-transport-ws</code> protocol (the{' '}
            <a href="https://github.com/enisdenjo/graphql-ws">graphql-ws</a> library). Put the token in the{' '}
            <code>connection_init</code> payload as <code>{'{ authorization: "Bearer …" }'}</code>; a connection without a
            valid token is refused.
          </dd>
          <dt>The schema</dt>
          <dd>
            <a href={`${api.apiUrl}/schema.graphql`}><code>GET {api.apiUrl}/schema.graphql</code></a>: every type, field,
            argument and enum value, with its description. Feed it to your code generator.
          </dd>
          <dt>REST paths</dt>
          <dd>At the root of <code>{api.apiUrl}</code>, listed below.</dd>
          <dt>Explorer</dt>
          <dd>
            A development api opens Apollo Sandbox when you visit <code>/graphql</code> in a browser. Production has no
            explorer and no introspection: use the schema file.
          </dd>
        </dl>
      </InfoSection>

      <InfoSection id="first-query" title="3. A first query">
        <p>Who am I, which plan, how many generation tokens are left:</p>
        <CodeBlock label="First query (curl)" code={firstQueryCurl(api)} />
        <CodeBlock label="First query (TypeScript)" code={firstQueryTypeScript(api)} />
      </InfoSection>

      <InfoSection id="generate" title="4. Generate a beat with live progress">
        <p>
          <code>generateBeat</code> starts a job and answers at once with its id; it costs 1 generation token, refunded
          if the job fails. Subscribe to <code>generationProgress(jobId)</code>: the first event is the job&apos;s current
          state, then each stage as it starts, then <code>succeeded</code> with the beat (or <code>failed</code> with{' '}
          <code>error</code> and <code>errorCode</code>), and the stream ends. A stage that ended before your
          subscription took hold is not sent again, so connect the WebSocket before you start the job. The stages are:
        </p>
        <ol className="developers-stages">
          {STAGES.map((stage) => <li key={stage}>{stage}</li>)}
        </ol>
        <CodeBlock label="Generate with live progress (TypeScript)" code={generateTypeScript(api)} />
        <CodeBlock label="Generate and poll (curl)" code={generateCurl(api)} />
        <p>
          The beat&apos;s <code>downloadUrl</code> is a signed address that needs no token and expires after an hour
          (ask for the beat again for a fresh one). <code>producers</code> lists who contributed, with percentages that
          add up to 100.
        </p>
        <h3 className="developers-subtitle">The example client</h3>
        <p>
          <code>examples/generate-beat.ts</code> in the repository does all of this: it starts a generation, prints
          every stage, saves the MP3 and prints the producers&apos; shares. Our browser tests run it against the api
          on every change, so it keeps working.
        </p>
        <CodeBlock label="Run the example client" code={exampleClientRun(api)} />
      </InfoSection>

      <InfoSection id="rest" title="5. REST paths">
        <p>
          The same services answer on REST paths (JSON bodies, <code>Authorization: Bearer</code>). Errors are{' '}
          <code>{'{ "error": "message" }'}</code> with the HTTP status of the table below.
        </p>
        <TableScroll label="Main REST paths table" className="developers-table-wrap">
          <table className="developers-table">
            <caption>Main REST paths</caption>
            <thead>
              <tr>
                <th scope="col">Path</th>
                <th scope="col">What it does</th>
              </tr>
            </thead>
            <tbody>
              {REST_PATHS.map((r) => (
                <tr key={r.path}>
                  <td><code>{r.path}</code></td>
                  <td>{r.does}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        <CodeBlock label="Generate over REST (curl)" code={restCurl(api)} />
        <CodeBlock label="Tokens remaining (TypeScript)" code={restTypeScript(api)} />
      </InfoSection>

      <InfoSection id="limits" title="6. Limits">
        <ul className="developers-list">
          {LIMITS.map((limit) => <li key={limit}>{limit}</li>)}
        </ul>
      </InfoSection>

      <InfoSection id="errors" title="7. Errors">
        <p>
          A GraphQL error carries its code in <code>extensions.code</code>:{' '}
          <code>{'{ "errors": [{ "message": "…", "extensions": { "code": "NOT_FOUND" } }] }'}</code>. Errors of an
          operation that ran answer HTTP 200 with <code>errors</code>; a request refused before it runs (bad or missing
          token, a query over the limits, a rate limit) answers the status below. REST answers the status with{' '}
          <code>{'{ "error": "message" }'}</code>. Messages are written for people and safe to show as they are.
        </p>
        <TableScroll label="Error codes table" className="developers-table-wrap">
          <table className="developers-table">
            <caption>Error codes</caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">HTTP</th>
                <th scope="col">When, for example</th>
              </tr>
            </thead>
            <tbody>
              {ERRORS.map((e) => (
                <tr key={e.code}>
                  <td><code>{e.code}</code></td>
                  <td>{e.status}</td>
                  <td>{e.example}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </InfoSection>
    </InfoPage>
  );
}
