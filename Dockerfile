# The server and both apps, production build, in two stages: the first builds with every
# dependency and the compilers; the image keeps only the production bundle
# (tools/production-bundle.mjs: `pnpm deploy --prod`, the apps' files, the sample book), run
# by the unprivileged `node` user. apps/server/test/production-bundle.test.ts starts the same
# bundle without Docker. Used by docker-compose.yml.

FROM node:24-bookworm-slim AS build
# argon2 may compile from source (node-gyp: python3, make, g++); better-sqlite3 ships its binaries.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/* \
  && npm install --global pnpm@11.28.11
WORKDIR /src
COPY . .
RUN pnpm install --frozen-lockfile && pnpm build && node tools/production-bundle.mjs /app

FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
# Owned by root and read-only to the server: it writes only in /data.
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data && chmod 700 /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:3000/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM: /readyz says 503 at once, the server drains, then exits (docs/operations.md#shutdown).
STOPSIGNAL SIGTERM
CMD ["node", "--env-file-if-exists=.env", "dist/src/main.js"]
