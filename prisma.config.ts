import { defineConfig } from 'prisma/config';

// Only `prisma generate` uses this file; migrations are applied by libs/persistence (see README).
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/zonewarden' },
});
