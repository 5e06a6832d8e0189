# syntax=docker/dockerfile:1
# Forkful's container image: build with every dependency, run with production dependencies only, as a non-root user.
# The build stage's RUN steps are the commands CI runs (.ci/run: `npm ci --no-audit --no-fund`; scripts/test.mjs:
# `npm run build`); e2e/cluster/deploy-files.test.ts checks that they stay so. See docs/deploy.md.

ARG NODE_IMAGE=node:20-bookworm-slim

# The lock file and every workspace's package file (npm ci fails on a missing one), the base of both installs below:
# written once, and a change to any source file leaves both install layers cached.
FROM ${NODE_IMAGE} AS package-files
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/demo-content/package.json packages/demo-content/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

FROM package-files AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM package-files AS production-dependencies
# The server's and the web's runtime packages (the server draws pages with the web's bundle, which imports react-dom),
# not the bench's or the end-to-end tests' (Lighthouse, Playwright): about 190 MB instead of 370 MB.
RUN npm ci --omit=dev --no-audit --no-fund --workspace @forkful/server --workspace @forkful/web \
    --workspace @forkful/contracts --workspace @forkful/demo-content

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/forkful \
    SEED_DEMO=false \
    SHUTDOWN_DRAIN_SECONDS=3
WORKDIR /app
RUN groupadd --system --gid 10001 forkful \
    && useradd --system --uid 10001 --gid forkful --home-dir /var/lib/forkful --shell /usr/sbin/nologin forkful \
    && mkdir -p /var/lib/forkful \
    && chown forkful:forkful /var/lib/forkful
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/packages/contracts/package.json ./packages/contracts/package.json
COPY --from=build /app/packages/contracts/dist ./packages/contracts/dist
COPY --from=build /app/packages/demo-content/package.json ./packages/demo-content/package.json
COPY --from=build /app/packages/demo-content/dist ./packages/demo-content/dist
COPY --from=build /app/packages/demo-content/content ./packages/demo-content/content
COPY --from=build /app/apps/server/package.json ./apps/server/package.json
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/server/drizzle ./apps/server/drizzle
COPY --from=build /app/apps/web/dist ./apps/web/dist
USER forkful
EXPOSE 3000
# Ready means the database (and the bucket, when S3_BUCKET is set) answers; a draining instance answers 503.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/v1/health/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Migrations run at start-up, one instance at a time (an advisory lock), as they do outside a container.
CMD ["node", "apps/server/dist/main.js"]
