# The server image (docs/deploy.md): Node 24, the three web apps built, production dependencies only,
# run as a non-root user, with a health check on the readiness probe. Build: docker build -t casino .
# syntax=docker/dockerfile:1

FROM node:24-bookworm-slim AS build
WORKDIR /app
# Dependencies first, so a change of the code alone reuses this layer.
COPY package.json package-lock.json .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/portal/package.json apps/portal/
COPY apps/backoffice/package.json apps/backoffice/
COPY apps/studio/package.json apps/studio/
COPY packages/ packages/
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# The load balancer asks /readyz too; this one keeps `docker ps` honest.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The server alone (not `npm start`, which builds): the image holds the builds already.
CMD ["node", "apps/api/src/main.ts"]
