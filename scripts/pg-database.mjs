// Creates or drops one PostgreSQL database: `node scripts/pg-database.mjs create|drop <admin-url> <name>`.
// The integration tests themselves create a fresh database per test file inside it.
import pg from 'pg';

const [action, adminUrl, name] = process.argv.slice(2);
if (!['create', 'drop'].includes(action) || !adminUrl || !/^[a-z_][a-z0-9_]*$/.test(name ?? '')) {
  console.error('usage: node scripts/pg-database.mjs create|drop <admin-url> <name>');
  process.exit(2);
}
const client = new pg.Client({ connectionString: adminUrl });
await client.connect();
try {
  if (action === 'create') await client.query(`create database ${name}`);
  else await client.query(`drop database if exists ${name} with (force)`);
} finally {
  await client.end();
}
