import { Client } from 'pg';

test('the test database server answers', async () => {
  const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  const { rows } = await client.query('select 1 as one');
  await client.end();
  expect(rows[0].one).toBe(1);
});
