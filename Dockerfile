# One image for every Zonewarden app; docker-compose.yml picks the app with `command`.
FROM node:20-bookworm-slim AS build
WORKDIR /srv/zonewarden
COPY package.json package-lock.json nx.json tsconfig.base.json prisma.config.ts ./
COPY prisma ./prisma
COPY libs ./libs
COPY apps ./apps
# --omit=optional: the embedded PostgreSQL binaries (60 MB) serve only `npm start` without DATABASE_URL.
RUN npm ci --no-audit --no-fund && npx nx run-many -t build --output-style=static && npm prune --omit=dev --omit=optional

FROM node:20-bookworm-slim
WORKDIR /srv/zonewarden
ENV NODE_ENV=production
COPY --from=build /srv/zonewarden ./
USER node
CMD ["node", "apps/api-gateway/dist/main.js"]
